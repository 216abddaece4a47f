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
  /** Set while a cached partner brand stands in for a failed lookup: background lookups left, or none. */
  const [stale, setStale] = useState<'retrying' | 'given-up' | null>(null);
  const [runtime, setRuntime] = useState<Runtime | null>(null);
  const afterCommit = useRef<(() => void) | null>(null);

  useEffect(() => {
    afterCommit.current?.();
    afterCommit.current = null;
  }, [brand]);

  useEffect(() => {
    let cancelled = false;
    let stopLookup: (() => void) | null = null;
    loadRuntime()
      .then(async (loaded) => {
        if (cancelled) return;
        setRuntime(loaded);
        const cached = await loaded.readCache();
        // Committed on its own before going on: the pre-paint script already wrote this brand
        // into the page behind React's back, and React must have rendered it to undo it should
        // the refresh fail (batched with that failure, it would see no change and leave it).
        if (cached) {
          await new Promise<void>((resolve) => {
            afterCommit.current = resolve;
            setBrand(cached.brand);
          });
          if (cancelled) return;
        } else if (loaded.cachedAsDefault()) {
          // The partner left (the last lookup said 404): the default brand at once, even where
          // our server sent the page in the brand its own partner files still name.
          loaded.applyBrandToDocument(defaultBrand(logoAlt));
        }
        const options = {apiBase: settings?.apiBase ?? null, timeoutMs: settings?.timeoutMs ?? 3000};
        // The first lookup takes over the pre-paint script's request; a retry asks again.
        stopLookup = loaded.lookUpBrand(() => loaded.loadPartnerConfig(options), !cached ? 'none' : cached.fresh ? 'fresh' : 'expired', {
          fresh(config) {
            loaded.writeCachedBrand(config);
            // A partner's brand replaces the cached one in place: never the default in between.
            setBrand(brandFromConfig(config));
            setStale(null);
            setSettled(true);
          },
          stale(error, failure, retrying) {
            // A known partner whose lookup failed keeps its cached brand (staleIfError.ts).
            console.warn(`Org config fetch failed (${failure}); keeping the cached brand${retrying ? ', retrying' : ''}`, error);
            setStale(retrying ? 'retrying' : 'given-up');
            setSettled(true);
          },
          fallback(error, _failure, forget) {
            console.error('Org config fetch failed', error);
            // Only "not a partner" is remembered; after an outage the cache keeps the last good config.
            if (forget) loaded.writeCachedBrand(null);
            // Already the default brand (the default host's usual case): the same object, so
            // nothing that shows the brand renders again.
            setBrand((current) => (current.is_partner ? defaultBrand(logoAlt) : current));
            setStale(null);
            setSettled(true);
          },
        });
      })
      .catch((error: unknown) => {
        // The runtime chunk itself failed to load: show the default brand.
        console.error('Org config fetch failed', error);
        document.documentElement.removeAttribute('data-brand-pending');
        if (!cancelled) setSettled(true);
      });
    return () => {
      cancelled = true;
      stopLookup?.();
    };
  }, [logoAlt, settings?.apiBase, settings?.timeoutMs]);

  // After React has rendered the brand: document-level parts, then reveal; once the
  // config request has ended (the first lookup, retries aside), <html data-brand-settled>
  // says which brand the page shows.
  useEffect(() => {
    if (!runtime) return;
    if (brand.is_partner || settled) runtime.applyBrandToDocument(brand);
    if (settled || brand.is_partner) runtime.revealBrand();
    if (settled) document.documentElement.setAttribute('data-brand-settled', brand.is_partner ? 'partner' : 'default');
    // <html data-brand-stale="retrying|given-up">: the page shows the cached partner brand because the lookup failed.
    if (stale && brand.is_partner) document.documentElement.setAttribute('data-brand-stale', stale);
    else document.documentElement.removeAttribute('data-brand-stale');
  }, [brand, settled, runtime, stale]);

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
