import type {ReactNode} from 'react';
import {useBrand} from '@site/src/branding/BrandProvider';

/**
 * The product name as the reader's site shows it. Content never types the name, so
 * partner sites read as their own. The pre-paint script may already have written a
 * cached partner name into this span, hence suppressHydrationWarning.
 */
export default function Brand(): ReactNode {
  const brand = useBrand();
  return (
    <span data-brand-name="" suppressHydrationWarning>
      {brand.name}
    </span>
  );
}
