// A hit of the search modal: linked in-site, as the theme's own hit is. DocSearch shows a
// page-title hit with the first words of its text and a text hit with its words, but a
// heading hit (lvl2-lvl6) with its heading and page title only: here it also gets the first
// words of its section (the `content` snippet the client sends, the match highlighted).
//
// The link is a plain anchor that navigates in the app on a plain click, as the theme's
// `Link` does, and loads the target's scripts when pointed at. Unlike `Link` it does not
// watch itself for the viewport: the modal renders up to 20 hits a keystroke, and `Link`
// made an IntersectionObserver per hit on each render and fetched the scripts of every
// hit page shown, before a reader had chosen one.
import {Children, cloneElement, isValidElement, type ReactElement, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import {isPlainClick, pathOf, routerTarget} from '../DocItem/Content/routerLink';

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
  const history = useHistory();
  const {url} = hit;
  const body = withSectionText(hit, children);
  // The app opens what it opens for the page's own links (a page of this site); Algolia may
  // answer with another site's, which the browser follows.
  const to = routerTarget({href: url, target: null, download: false});
  if (to === null) return <a href={url}>{body}</a>;
  const preload = () => void window.docusaurus.preload(pathOf(to));
  return (
    <a
      href={url}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        history.push(to);
      }}
      onMouseEnter={preload}
      onTouchStart={preload}>
      {body}
    </a>
  );
}
