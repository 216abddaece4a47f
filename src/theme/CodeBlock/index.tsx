// Ejected (the theme marks CodeBlock safe to eject) for one change: the theme's
// version remounts every code block right after hydration, keyed on useIsBrowser, so
// that Prism theme colours written into the server HTML switch to the reader's colour
// mode. Here code colours are CSS variables (src/css/prismThemes.ts) that follow the
// mode by themselves, so the remount only threw away the server-highlighted HTML that
// CodeBlock/Content keeps, and made every page highlight all its code again in the
// browser. One addition: the code carries the reader's brand values (API base, console,
// addresses; see src/branding/contentValues.ts), so what is copied, and what React renders
// in the browser, is what a partner's customers must type.
import {Children, isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import {useBrandValues} from '@site/src/components/BrandText';
import {withBrandValues} from '@site/src/branding/contentValues';

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
  const values = useBrandValues();
  return typeof children === 'string' ? (
    <StringContent {...props}>{withBrandValues(children, values)}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
