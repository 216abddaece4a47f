import type {PrismTheme} from 'prism-react-renderer';

/**
 * One code theme for both colour modes whose colours are CSS variables (defined in
 * custom.css per `data-theme`). The server-rendered code blocks are then right in
 * dark mode before any script runs, and switching modes re-renders nothing.
 * Every pair keeps at least 4.5:1 contrast on its background (WCAG AA).
 */
export const codeTheme: PrismTheme = {
  plain: {color: 'var(--code-plain)', backgroundColor: 'var(--code-background)'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: 'var(--code-comment)', fontStyle: 'italic'}},
    {types: ['punctuation', 'operator'], style: {color: 'var(--code-plain)'}},
    {types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: {color: 'var(--code-string)'}},
    {types: ['keyword', 'selector', 'atrule', 'important', 'deleted'], style: {color: 'var(--code-keyword)'}},
    {types: ['function', 'class-name', 'builtin'], style: {color: 'var(--code-function)'}},
    {types: ['variable', 'parameter', 'number', 'boolean', 'constant', 'symbol', 'property', 'attr-name'], style: {color: 'var(--code-value)'}},
    {types: ['tag', 'namespace'], style: {color: 'var(--code-tag)'}},
  ],
};
