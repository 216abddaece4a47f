import type {ReactNode} from 'react';
import {useBrand} from '@site/src/branding/BrandProvider';
import type {PartnerLink} from '@site/src/branding/schema';

/** A header link that points at a feature-request or feedback site, by its label. */
const FEEDBACK_LABEL = /feature|feedback|idea|roadmap|suggest/i;

/** The brand's feature-request link from its header links, or null when it has none. */
export function featureRequestUrl(headerItems: readonly PartnerLink[]): string | null {
  return headerItems.find((item) => FEEDBACK_LABEL.test(item.label))?.url ?? null;
}

/**
 * The reader's brand's feature-request site: the default brand's navbar link, or a
 * partner's own header link labelled as such. A partner without one gets the text
 * without a link, never the default brand's site.
 */
export default function FeatureRequestLink({children}: {children: ReactNode}): ReactNode {
  const brand = useBrand();
  const url = featureRequestUrl(brand.headerItems);
  if (!url) return <>{children}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" data-feature-requests="">
      {children}
    </a>
  );
}
