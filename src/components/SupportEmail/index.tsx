import type {ReactNode} from 'react';
import {BrandValue, useBrandValues} from '@site/src/components/BrandText';

/** The support address of the reader's brand, as a mailto link: `<SupportEmail />`. */
export default function SupportEmail(): ReactNode {
  const {supportEmail} = useBrandValues();
  return (
    <a href={`mailto:${supportEmail}`} data-brand-link="supportEmail" suppressHydrationWarning>
      <BrandValue name="supportEmail" />
    </a>
  );
}
