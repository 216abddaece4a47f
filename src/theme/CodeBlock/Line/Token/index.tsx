// The theme's token is a pass-through made for swizzling. Default brand values in a
// token (the API base in a curl URL, the support address in a comment) are marked with
// data-brand-text, so the server-rendered code, which React leaves as it is after
// hydration (see ../../Content), can be given a partner's values before the first frame
// (boot.ts) and whenever the brand changes (runtime.ts). Plain tokens (whole runs of them,
// joined by ../plainRuns.ts) are bare text in the line's colour: no span of their own.
import type {ComponentProps, ReactNode} from 'react';
import type LineToken from '@theme-original/CodeBlock/Line/Token';
import BrandText from '@site/src/components/BrandText';

type Props = ComponentProps<typeof LineToken>;

export default function CodeBlockLineToken({line: _line, token, children, ...props}: Props): ReactNode {
  const text = typeof children === 'string' ? <BrandText>{children}</BrandText> : children;
  if (props.style === undefined && token.types.length === 1 && token.types[0] === 'plain') return text;
  return <span {...props}>{text}</span>;
}
