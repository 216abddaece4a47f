import type {ReactNode} from 'react';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import {useBrand} from '@site/src/branding/BrandProvider';
import BrandRegion from '@site/src/components/BrandRegion';

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
  const items = (
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
  // The phone menu's list is rendered in the browser only, and a <ul> takes no wrapper.
  return mobile ? items : <BrandRegion name="header-links">{items}</BrandRegion>;
}
