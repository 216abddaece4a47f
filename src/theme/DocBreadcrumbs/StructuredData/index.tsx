// Wrapped: the JSON-LD breadcrumbs name the brand's docs site on a partner's host
// (see src/theme/SiteMetadata/BrandedSiteUrl.tsx); on the default host nothing changes.
import type {ComponentProps, ReactNode} from 'react';
import StructuredData from '@theme-original/DocBreadcrumbs/StructuredData';
import BrandedSiteUrl from '@site/src/theme/SiteMetadata/BrandedSiteUrl';

export default function StructuredDataWrapper(props: ComponentProps<typeof StructuredData>): ReactNode {
  return (
    <BrandedSiteUrl>
      <StructuredData {...props} />
    </BrandedSiteUrl>
  );
}
