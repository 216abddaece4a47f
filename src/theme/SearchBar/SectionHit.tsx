// A hit of the search modal: linked in-site, as the theme's own hit is. DocSearch shows a
// page-title hit with the first words of its text and a text hit with its words, but a
// heading hit (lvl2-lvl6) with its heading and page title only: here it also gets the first
// words of its section (the `content` snippet the client sends, the match highlighted).
import {Children, cloneElement, isValidElement, type ReactElement, type ReactNode} from 'react';
import Link from '@docusaurus/Link';

interface Hit {
  url: string;
  type?: string;
  _snippetResult?: {content?: {value?: string}};
}

type WithChildren = {className?: string; children?: ReactNode};

function withSectionText(hit: Hit, children: ReactNode): ReactNode {
  const snippet = hit._snippetResult?.content?.value;
  if (!snippet || !/^lvl[2-6]$/.test(hit.type ?? '') || !isValidElement<WithChildren>(children)) return children;
  const container = children as ReactElement<WithChildren>;
  const parts = Children.toArray(container.props.children).map((child) =>
    isValidElement<WithChildren>(child) && child.props.className === 'DocSearch-Hit-content-wrapper'
      ? cloneElement(
          child,
          undefined,
          child.props.children,
          // Snippets come escaped, with the highlight tags added, as DocSearch renders them.
          <span key="section" className="DocSearch-Hit-path DocSearch-Hit-section" dangerouslySetInnerHTML={{__html: snippet}} />,
        )
      : child,
  );
  return cloneElement(container, undefined, ...parts);
}

export default function SectionHit({hit, children}: {hit: Hit; children: ReactNode}): ReactNode {
  return <Link to={hit.url}>{withSectionText(hit, children)}</Link>;
}
