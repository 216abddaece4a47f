import type {ReactNode} from 'react';
import {BrandValue} from '@site/src/components/BrandText';

/** The API base URL of the reader's brand, as inline code: `<ApiBase />`. */
export default function ApiBase(): ReactNode {
  return (
    <code>
      <BrandValue name="apiBase" />
    </code>
  );
}
