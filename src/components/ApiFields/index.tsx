import type {ReactNode} from 'react';

/**
 * The collapsible field lists of the API reference: a native <details>, with none of
 * the theme's animated Details state, because a reference page holds dozens of them.
 */
export default function ApiFields({children, className}: {children: ReactNode; className?: string}): ReactNode {
  return <details className={className}>{children}</details>;
}
