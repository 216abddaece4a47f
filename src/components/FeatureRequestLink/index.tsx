import type {ReactNode} from 'react';
import {useBrand} from '@site/src/branding/BrandProvider';
import {featureRequestUrl} from './featureRequestUrl';

export {featureRequestUrl};

/**
 * The reader's brand's feature-request site: the default brand's navbar link, or a
 * partner's own header link labelled as such. A partner without one gets the text
 * without a link, never the default brand's site. Its element depends on the brand, so a
 * page holding it is hydrated in full (`data-hydrate`, see src/theme/DocItem/Content/Island).
 */
export default function FeatureRequestLink({children}: {children: ReactNode}): ReactNode {
  const brand = useBrand();
  const url = featureRequestUrl(brand.headerItems);
  if (!url) return <>{children}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" data-feature-requests="" data-hydrate="">
      {children}
    </a>
  );
}
