import type {ReactNode} from 'react';
import {BrandMailLink} from '@site/src/components/BrandText';

/** The sales address of the reader's brand, as a mailto link: `<SalesEmail />`. */
export default function SalesEmail(): ReactNode {
  return <BrandMailLink name="salesEmail" />;
}
