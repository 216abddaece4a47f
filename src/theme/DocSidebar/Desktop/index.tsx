/**
 * The desktop sidebar of the page a reader loads on a phone, kept as server HTML instead
 * of hydrated.
 *
 * The server renders the desktop sidebar (it cannot know the screen), and on a phone CSS
 * hides it. Docusaurus then hydrates it anyway, every category and link of it, only to
 * unmount it one render later, when the theme's window-size hook reports a phone and the
 * docs sidebar moves into the phone menu. On an API page that is the reference's long
 * sidebar. Here, on a phone, React adopts the sidebar's outer element and leaves its
 * content alone for that moment, as the doc body does (DocItem/Content/Island). Should the
 * window have grown to desktop width by the time the page has mounted, the real sidebar
 * renders at once.
 */
import {useEffect, useState, type ReactNode} from 'react';
import DocSidebarDesktop from '@theme-original/DocSidebar/Desktop';
import type DocSidebarDesktopType from '@theme/DocSidebar/Desktop';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof DocSidebarDesktopType>;

/** Where the theme switches between the phone and desktop layouts (its useWindowSize). */
const DESKTOP = '(min-width: 997px)';

/** The class of the server-rendered sidebar when it may stay server HTML (called while hydrating), else null. */
function keptSidebarClass(): string | null {
  if (window.matchMedia(DESKTOP).matches) return null;
  // <aside> > viewport <div> > the sidebar (DocRoot/Layout/Sidebar, DocSidebar/Desktop).
  const sidebar = document.querySelector(`aside.${ThemeClassNames.docs.docSidebarContainer}`)?.firstElementChild?.firstElementChild;
  return sidebar instanceof HTMLDivElement ? sidebar.className : null;
}

export default function DocSidebarDesktopWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  // Decided by the first render: only hydration has server HTML to keep.
  const [kept, setKept] = useState(() => (typeof window !== 'undefined' && !isBrowser ? keptSidebarClass() : null));
  useEffect(() => {
    if (kept !== null && window.matchMedia(DESKTOP).matches) setKept(null);
  }, [kept]);
  if (kept !== null) return <div className={kept} suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} />;
  return <DocSidebarDesktop {...props} />;
}
