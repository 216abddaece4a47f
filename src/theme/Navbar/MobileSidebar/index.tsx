/**
 * The phone menu (the navbar's links and the docs sidebar), made when the reader first
 * reaches for its button instead of right after hydration.
 *
 * Docusaurus renders the whole menu, hidden off screen, as soon as a page loaded on a
 * phone has hydrated: on an API page that is the reference's sidebar of some 250
 * elements, built, styled and laid out for a menu most readers never open, in the task
 * that follows hydration. Here it waits for the reader's intent (a pointer over the button,
 * a touch or a keyboard focus, ../../intent), which comes before the click that opens it,
 * so it is in place, closed, when the click slides it in. A menu opened any other way
 * renders at once.
 */
import {useEffect, useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import {onFirstIntent} from '@site/src/theme/intent';

export default function MobileSidebarWrapper(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [wanted, setWanted] = useState(false);
  useEffect(() => (wanted ? undefined : onFirstIntent('.navbar__toggle', () => setWanted(true))), [wanted]);
  return wanted || shown ? <MobileSidebar /> : null;
}
