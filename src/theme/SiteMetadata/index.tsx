// Wrapped: the canonical link, og:url and hreflang alternates name the brand's docs site
// on a partner's host (see ./BrandedSiteUrl.tsx); on the default host nothing changes.
import type {ReactNode} from 'react';
import SiteMetadata from '@theme-original/SiteMetadata';
import BrandedSiteUrl from './BrandedSiteUrl';

export default function SiteMetadataWrapper(): ReactNode {
  return (
    <BrandedSiteUrl>
      <SiteMetadata />
    </BrandedSiteUrl>
  );
}
