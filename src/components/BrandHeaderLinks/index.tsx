import type {ReactNode} from 'react';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import {useBrand} from '@site/src/branding/BrandProvider';

interface Props {
  mobile?: boolean;
  position?: 'left' | 'right';
}

/**
 * Navbar item `custom-brandLinks`: the default console and feature-request links, or
 * the partner's `user_docs_header.items`. Labels render as text; URLs were sanitised.
 */
export default function BrandHeaderLinks({mobile = false}: Props): ReactNode {
  const brand = useBrand();
  return (
    <>
      {brand.headerItems.map((item) =>
        item.url.startsWith('/') ? (
          <DefaultNavbarItem key={`${item.label}-${item.url}`} className="brand-header-link" mobile={mobile} to={item.url} label={item.label} />
        ) : (
          <DefaultNavbarItem key={`${item.label}-${item.url}`} className="brand-header-link" mobile={mobile} href={item.url} label={item.label} />
        ),
      )}
    </>
  );
}
