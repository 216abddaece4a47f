import type {ReactNode} from 'react';
import {BrandValue, useBrandValues} from '@site/src/components/BrandText';

/** The sales address of the reader's brand, as a mailto link: `<SalesEmail />`. */
export default function SalesEmail(): ReactNode {
  const {salesEmail} = useBrandValues();
  return (
    <a href={`mailto:${salesEmail}`} data-brand-link="salesEmail" suppressHydrationWarning>
      <BrandValue name="salesEmail" />
    </a>
  );
}
