import {useMemo, type ReactNode} from 'react';
import {useBrand} from '@site/src/branding/BrandProvider';
import {splitBrandValues, type BrandValueKey, type BrandValues} from '@site/src/branding/contentValues';
import {pageValues} from '@site/src/theme/SiteMetadata/headValues';

/** The content values (API base, console, docs, addresses) of the reader's brand. */
export function useBrandValues(): BrandValues {
  const brand = useBrand();
  // A partner brand exists only in the browser: the server render is the default brand's.
  return useMemo(() => pageValues(brand, brand.is_partner ? window.location.origin : ''), [brand]);
}

/**
 * One brand value as text, marked so the pre-paint script and the app can put a
 * partner's value in even where React does not render it (server-rendered code).
 */
export function BrandValue({name}: {name: BrandValueKey}): ReactNode {
  const values = useBrandValues();
  return (
    <span data-brand-text={name} suppressHydrationWarning>
      {values[name]}
    </span>
  );
}

/** One of the brand's addresses as a mailto link, marked for the pre-paint script like the text. */
export function BrandMailLink({name}: {name: 'supportEmail' | 'salesEmail'}): ReactNode {
  const address = useBrandValues()[name];
  return (
    <a href={`mailto:${address}`} data-brand-link={name} suppressHydrationWarning>
      <BrandValue name={name} />
    </a>
  );
}

/** Text in which every default brand value shows as the reader's brand value. */
export default function BrandText({children}: {children: string}): ReactNode {
  const parts = splitBrandValues(children);
  if (parts.length === 1 && typeof parts[0] === 'string') return children;
  return parts.map((part, i) => (typeof part === 'string' ? part : <BrandValue key={i} name={part.key} />));
}
