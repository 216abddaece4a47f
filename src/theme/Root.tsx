import type {ReactNode} from 'react';
import {BrandProvider} from '@site/src/branding/BrandProvider';

// The brand (default or partner) is known to every component of every page.
export default function Root({children}: {children: ReactNode}): ReactNode {
  return <BrandProvider>{children}</BrandProvider>;
}
