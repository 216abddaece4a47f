// Wraps the theme's code line to hand it each run of plain-coloured tokens as one token
// (./plainRuns.ts), which ./Token writes as bare text.
import type {ComponentProps, ReactNode} from 'react';
import Line from '@theme-original/CodeBlock/Line';
import {mergePlainTokens} from './plainRuns';

type Props = ComponentProps<typeof Line>;

export default function CodeBlockLine({line, ...props}: Props): ReactNode {
  return <Line {...props} line={mergePlainTokens(line)} />;
}
