// Wraps the footer links: a partner's `user_docs_footer.links` replace the default
// columns; labels are text and URLs were sanitised.
import type {ReactNode} from 'react';
import Links from '@theme-original/Footer/Links';
import type LinksType from '@theme/Footer/Links';
import type {WrapperProps} from '@docusaurus/types';
import Link from '@docusaurus/Link';
import {useBrand} from '@site/src/branding/BrandProvider';
import BrandRegion from '@site/src/components/BrandRegion';

type Props = WrapperProps<typeof LinksType>;

export default function LinksWrapper(props: Props): ReactNode {
  return (
    <BrandRegion name="footer-links">
      <BrandLinks {...props} />
    </BrandRegion>
  );
}

function BrandLinks(props: Props): ReactNode {
  const brand = useBrand();
  if (!brand.footerLinks) return <Links {...props} />;
  return (
    <ul className="footer__links brand-footer-links">
      {brand.footerLinks.map((link) => (
        <li key={`${link.label}-${link.url}`} className="footer__item">
          {link.url.startsWith('/') ? (
            <Link className="footer__link-item" to={link.url}>
              {link.label}
            </Link>
          ) : (
            <Link className="footer__link-item" href={link.url}>
              {link.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
