// The theme builds the canonical link, og:url, the hreflang alternates (SiteMetadata) and
// the JSON-LD breadcrumbs (DocBreadcrumbs/StructuredData) from the site's URL in the
// Docusaurus context. Under this provider that URL is the brand's docs URL, exactly as the
// server writes it into the HTML (./headValues.ts): the theme's own components render
// unchanged, and the head React manages after hydration says what the server sent.
import {useMemo, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
// Not a public path, but the very context useDocusaurusContext() reads (core 3.x).
import {Context} from '@docusaurus/core/lib/client/docusaurusContext';
import {useBrand} from '@site/src/branding/BrandProvider';
import {withBrandValues} from '@site/src/branding/contentValues';
import {headDocsUrl, headValues} from './headValues';

export default function BrandedSiteUrl({children}: {children: ReactNode}): ReactNode {
  const context = useDocusaurusContext();
  const {is_partner, docsUrl} = useBrand();
  const branded = useMemo(() => {
    // The default brand (server rendering and hydration included): the context as it is.
    if (!is_partner || typeof window === 'undefined') return context;
    const values = headValues(headDocsUrl({is_partner, docsUrl}, window.location.origin));
    const swap = (url: string) => withBrandValues(url, values);
    const localeConfigs = Object.fromEntries(Object.entries(context.i18n.localeConfigs).map(([locale, config]) => [locale, {...config, url: swap(config.url)}]));
    return {
      ...context,
      siteConfig: {...context.siteConfig, url: swap(context.siteConfig.url)},
      i18n: {...context.i18n, localeConfigs},
    };
  }, [context, is_partner, docsUrl]);
  return <Context.Provider value={branded}>{children}</Context.Provider>;
}
