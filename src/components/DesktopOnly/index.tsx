/**
 * Parts of a page the theme renders only for the desktop layout (the docs sidebar, the
 * table of contents at the side), kept as server HTML instead of hydrated on a phone.
 *
 * The server renders them (it cannot know the screen), and on a phone CSS hides them.
 * Docusaurus then hydrates them anyway, every link of them, only to unmount them one
 * render later, when the theme's window-size hook reports a phone. Here, on a phone, React
 * adopts the part's outer element and leaves its content alone for that moment, as the doc
 * body does (DocItem/Content/Island). Should the window have grown to desktop width by the
 * time the page has mounted, the part renders at once.
 */
import {useEffect, useState, type ReactNode} from 'react';
import {useHydratingServerHtml} from '@site/src/theme/hydration';

/** Where the theme switches between the phone and desktop layouts (its useWindowSize). */
const DESKTOP = '(min-width: 997px)';

/** The class of the server-rendered element when it may stay server HTML (called while hydrating), else null. */
function keptClass(find: () => Element | null | undefined): string | null {
  if (window.matchMedia(DESKTOP).matches) return null;
  const element = find();
  return element instanceof HTMLDivElement ? element.className : null;
}

/**
 * Renders `children`, a part whose outer element is a <div> that `find` finds in the
 * server HTML, except while a phone hydrates the page.
 */
export default function DesktopOnly({find, children}: {find: () => Element | null | undefined; children: ReactNode}): ReactNode {
  const hydrating = useHydratingServerHtml();
  // Decided by the first render: only hydration has server HTML to keep.
  const [kept, setKept] = useState(() => (hydrating ? keptClass(find) : null));
  useEffect(() => {
    if (kept !== null && window.matchMedia(DESKTOP).matches) setKept(null);
  }, [kept]);
  if (kept !== null) return <div className={kept} suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} />;
  return children;
}
