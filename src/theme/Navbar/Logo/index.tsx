// Ejected (safe to eject): the logo, its alt text and the link come from the brand
// of the host, not from the static site config.
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useBrand} from '@site/src/branding/BrandProvider';

export default function NavbarLogo(): ReactNode {
  const brand = useBrand();
  const {navbar} = useThemeConfig();
  const light = useBaseUrl(brand.logos.light);
  const dark = useBaseUrl(brand.logos.dark);
  return (
    <Link to="/" className="navbar__brand" data-brand-part="">
      {brand.logos.light && (
        <div className="navbar__logo">
          {/* Both variants are in the HTML so the right one shows before any script runs. */}
          <img className="brand-logo brand-logo--light" data-brand-logo="light" src={light} alt={brand.name} width={32} height={32} suppressHydrationWarning />
          <img className="brand-logo brand-logo--dark" data-brand-logo="dark" src={dark} alt={brand.name} width={32} height={32} suppressHydrationWarning />
        </div>
      )}
      {/*
        The name is always in the HTML: CSS shows it only where there is no logo, so the
        pre-paint script can show a cached logo-less partner's name (html[data-brand-logoless]).
      */}
      <b className="navbar__title brand-title" data-brand-name="" suppressHydrationWarning>
        {brand.name}
      </b>
      {navbar.title && <b className="navbar__title text--truncate">{navbar.title}</b>}
    </Link>
  );
}
