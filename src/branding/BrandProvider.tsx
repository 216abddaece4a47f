import {createContext, useContext, useEffect, useRef, useState, type ReactNode} from 'react';
import {useThemeConfig} from '@docusaurus/theme-common';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {defaultBrand, brandFromConfig, type Brand} from './brand';

// The document side loads after hydration, off the main bundle (validation, with zod,
// only when a config is there to check): before that, the pre-paint script has already
// applied what the first frame needs.
const loadRuntime = () => import('./runtime');
type Runtime = Awaited<ReturnType<typeof loadRuntime>>;

const BrandContext = createContext<Brand | null>(null);
/** True once this host's config request has ended, with a partner config or a failure. */
const BrandSettledContext = createContext(false);

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
  const [runtime, setRuntime] = useState<Runtime | null>(null);
  const afterCommit = useRef<(() => void) | null>(null);

  useEffect(() => {
    afterCommit.current?.();
    afterCommit.current = null;
  }, [brand]);

  useEffect(() => {
    let cancelled = false;
    loadRuntime()
      .then(async (loaded) => {
        if (cancelled) return;
        setRuntime(loaded);
        const cached = await loaded.readCachedBrand();
        // Committed on its own before going on: the pre-paint script already wrote this brand
        // into the page behind React's back, and React must have rendered it to undo it should
        // the refresh fail (batched with that failure, it would see no change and leave it).
        if (cached) {
          await new Promise<void>((resolve) => {
            afterCommit.current = resolve;
            setBrand(cached);
          });
          if (cancelled) return;
        }
        try {
          const config = await loaded.loadPartnerConfig({apiBase: settings?.apiBase ?? null, timeoutMs: settings?.timeoutMs ?? 3000});
          if (cancelled) return;
          loaded.writeCachedBrand(config);
          setBrand(brandFromConfig(config));
        } catch (error) {
          if (cancelled) return;
          console.error('Org config fetch failed', error);
          // Only "not a partner" is remembered; after an outage the cache keeps the last good config.
          loaded.rememberLoadFailure(error);
          // Already the default brand (the default host's usual case): the same object, so
          // nothing that shows the brand renders again.
          setBrand((current) => (current.is_partner ? defaultBrand(logoAlt) : current));
        }
      })
      .catch((error: unknown) => {
        // The runtime chunk itself failed to load: show the default brand.
        console.error('Org config fetch failed', error);
        document.documentElement.removeAttribute('data-brand-pending');
      })
      .finally(() => {
        if (!cancelled) setSettled(true);
      });
    return () => {
      cancelled = true;
    };
  }, [logoAlt, settings?.apiBase, settings?.timeoutMs]);

  // After React has rendered the brand: document-level parts, then reveal; once the
  // config request has ended, <html data-brand-settled> says which brand the page shows.
  useEffect(() => {
    if (!runtime) return;
    if (brand.is_partner || settled) runtime.applyBrandToDocument(brand);
    if (settled || brand.is_partner) runtime.revealBrand();
    if (settled) document.documentElement.setAttribute('data-brand-settled', brand.is_partner ? 'partner' : 'default');
  }, [brand, settled, runtime]);

  return (
    <BrandContext.Provider value={brand}>
      <BrandSettledContext.Provider value={settled}>{children}</BrandSettledContext.Provider>
    </BrandContext.Provider>
  );
}

/** Whether the brand is final for this page view (the config request has ended). */
export function useBrandSettled(): boolean {
  return useContext(BrandSettledContext);
}

/** The brand of this page: the default one during server rendering and hydration. */
export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  return brand ?? defaultBrand();
}
