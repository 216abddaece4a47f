// Replaced (not wrapped): every logo the theme shows comes from here (the navbar's, via
// src/theme/Navbar/Logo, and the docs sidebar's, shown when the navbar hides on scroll),
// and each must be the brand of the host rather than the static site config's. Both
// variants are in the HTML so the right one shows before any script runs; the pre-paint
// script swaps them for a cached partner's (img[data-brand-logo]), and on a first visit to
// a partner host the whole logo waits, hidden, for the brand (data-brand-part). Both are
// lazy: the browser then fetches and decodes only the one the colour mode shows (a hidden
// lazy image is not loaded; an SVG image costs a document of its own to decode).
import type {ComponentProps, ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useThemeConfig} from '@docusaurus/theme-common';
import type LogoType from '@theme-original/Logo';
import {useBrand} from '@site/src/branding/BrandProvider';

type Props = ComponentProps<typeof LogoType>;

export default function Logo({imageClassName, titleClassName, className, ...rest}: Props): ReactNode {
  const brand = useBrand();
  const {navbar} = useThemeConfig();
  const light = useBaseUrl(brand.logos.light);
  const dark = useBaseUrl(brand.logos.dark);
  return (
    <Link to="/" {...rest} className={className} data-brand-part="">
      {brand.logos.light && (
        <div className={clsx(imageClassName, 'brand-logo-images')}>
          <img className="brand-logo brand-logo--light" data-brand-logo="light" src={light} alt={brand.name} width={32} height={32} loading="lazy" suppressHydrationWarning />
          <img className="brand-logo brand-logo--dark" data-brand-logo="dark" src={dark} alt={brand.name} width={32} height={32} loading="lazy" suppressHydrationWarning />
        </div>
      )}
      {/*
        The name is always in the HTML: CSS shows it only where there is no logo, so the
        pre-paint script can show a cached logo-less partner's name (html[data-brand-logoless]).
      */}
      <b className={clsx(titleClassName, 'brand-title')} data-brand-name="" suppressHydrationWarning>
        {brand.name}
      </b>
      {navbar.title && <b className={titleClassName}>{navbar.title}</b>}
    </Link>
  );
}
