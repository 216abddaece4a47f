import type {PrismTheme} from 'prism-react-renderer';

// Code colours with at least 4.5:1 contrast on their background (WCAG AA), in the
// spirit of GitHub's Primer palette; the stock github and dracula themes fall short.
export const lightCodeTheme: PrismTheme = {
  plain: {color: '#1f2328', backgroundColor: '#f6f8fa'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#57606a', fontStyle: 'italic'}},
    {types: ['punctuation', 'operator'], style: {color: '#1f2328'}},
    {types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: {color: '#0a3069'}},
    {types: ['keyword', 'selector', 'atrule', 'important', 'deleted'], style: {color: '#cf222e'}},
    {types: ['function', 'class-name', 'builtin'], style: {color: '#8250df'}},
    {types: ['variable', 'parameter', 'number', 'boolean', 'constant', 'symbol', 'property', 'attr-name'], style: {color: '#0550ae'}},
    {types: ['tag', 'namespace'], style: {color: '#116329'}},
  ],
};

export const darkCodeTheme: PrismTheme = {
  plain: {color: '#e6edf3', backgroundColor: '#161b22'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#8b949e', fontStyle: 'italic'}},
    {types: ['punctuation', 'operator'], style: {color: '#e6edf3'}},
    {types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: {color: '#a5d6ff'}},
    {types: ['keyword', 'selector', 'atrule', 'important', 'deleted'], style: {color: '#ff7b72'}},
    {types: ['function', 'class-name', 'builtin'], style: {color: '#d2a8ff'}},
    {types: ['variable', 'parameter', 'number', 'boolean', 'constant', 'symbol', 'property', 'attr-name'], style: {color: '#79c0ff'}},
    {types: ['tag', 'namespace'], style: {color: '#7ee787'}},
  ],
};
