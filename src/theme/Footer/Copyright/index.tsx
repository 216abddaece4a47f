// Ejected (safe to eject): the stock component renders the copyright as HTML; the
// brand's copyright (a partner's is untrusted) is rendered as text.
import type {ReactNode} from 'react';
import {useBrand} from '@site/src/branding/BrandProvider';
import BrandRegion from '@site/src/components/BrandRegion';

export default function FooterCopyright(): ReactNode {
  const brand = useBrand();
  return (
    <BrandRegion name="copyright">
      <div className="footer__copyright">{brand.copyright}</div>
    </BrandRegion>
  );
}
