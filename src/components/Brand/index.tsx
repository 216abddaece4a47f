import type {ReactNode} from 'react';
import {DEFAULT_BRAND} from '@site/src/branding/defaults';

/**
 * The product name as the reader's site shows it. Content never types the name:
 * partner sites then read as their own once partner branding is applied.
 */
export default function Brand(): ReactNode {
  return <span data-brand-name="">{DEFAULT_BRAND.name}</span>;
}
