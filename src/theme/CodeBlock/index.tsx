// Ejected (the theme marks CodeBlock safe to eject) for one change: the theme's
// version remounts every code block right after hydration, keyed on useIsBrowser, so
// that Prism theme colours written into the server HTML switch to the reader's colour
// mode. Here code colours are CSS variables (src/css/prismThemes.ts) that follow the
// mode by themselves, so the remount only threw away the server-highlighted HTML that
// CodeBlock/Content keeps, and made every page highlight all its code again in the
// browser. Everything else is the theme's code.
import {Children, isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/**
 * Makes the children one plain string where they are only strings, so the block can
 * be highlighted and copied; children with elements are passed on as they are.
 */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? <StringContent {...props}>{children}</StringContent> : <ElementContent {...props}>{children}</ElementContent>;
}
