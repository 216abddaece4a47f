import type {ReactNode} from 'react';
import {BrandMailLink} from '@site/src/components/BrandText';

/** The support address of the reader's brand, as a mailto link: `<SupportEmail />`. */
export default function SupportEmail(): ReactNode {
  return <BrandMailLink name="supportEmail" />;
}
