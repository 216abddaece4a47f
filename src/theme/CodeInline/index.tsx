// Wraps inline code so that a default brand value in it (an API host in a sentence,
// a schema example) shows the reader's brand, as code blocks do.
import type {ComponentProps, ReactNode} from 'react';
import CodeInline from '@theme-original/CodeInline';
import BrandText from '@site/src/components/BrandText';

type Props = ComponentProps<typeof CodeInline>;

export default function CodeInlineWrapper({children, ...props}: Props): ReactNode {
  return <CodeInline {...props}>{typeof children === 'string' ? <BrandText>{children}</BrandText> : children}</CodeInline>;
}
