import {createContext, useContext, useEffect, useState, type ReactNode} from 'react';
import {useThemeConfig} from '@docusaurus/theme-common';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {defaultBrand, brandFromConfig, type Brand} from './brand';
import {applyBrandToDocument, loadPartnerConfig, readCachedBrand, revealBrand, writeCachedBrand} from './runtime';

const BrandContext = createContext<Brand | null>(null);

interface BrandSettings {
  apiBase: string | null;
  timeoutMs: number;
}

/**
 * Holds the brand of this host. Server rendering and hydration use the default
 * brand (so the HTML matches); right after, a cached partner brand applies at once
 * and the config request (started before first paint) refreshes it.
 */
export function BrandProvider({children}: {children: ReactNode}): ReactNode {
  const logoAlt = useThemeConfig().navbar.logo?.alt;
  const settings = useDocusaurusContext().siteConfig.customFields?.branding as BrandSettings | undefined;
  const [brand, setBrand] = useState<Brand>(() => defaultBrand(logoAlt));
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const cached = readCachedBrand();
    if (cached) setBrand(cached);
    loadPartnerConfig({apiBase: settings?.apiBase ?? null, timeoutMs: settings?.timeoutMs ?? 3000})
      .then((config) => {
        if (cancelled) return;
        writeCachedBrand(config);
        setBrand(brandFromConfig(config));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Org config fetch failed', error);
        writeCachedBrand(null);
        setBrand(defaultBrand(logoAlt));
      })
      .finally(() => {
        if (!cancelled) setSettled(true);
      });
    return () => {
      cancelled = true;
    };
  }, [logoAlt, settings?.apiBase, settings?.timeoutMs]);

  // After React has rendered the brand: document-level parts, then reveal.
  useEffect(() => {
    if (brand.is_partner || settled) applyBrandToDocument(brand);
    if (settled || brand.is_partner) revealBrand();
  }, [brand, settled]);

  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

/** The brand of this page: the default one during server rendering and hydration. */
export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  return brand ?? defaultBrand();
}
