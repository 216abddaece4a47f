/**
 * The table of contents at the side of the desktop layout: on a phone, the one the server
 * rendered is adopted, not hydrated, for the one render before the theme drops it (see
 * src/components/DesktopOnly). A phone reads the folded table of contents above the page instead.
 */
import type {ReactNode} from 'react';
import DocItemTOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import {ThemeClassNames} from '@docusaurus/theme-common';
import DesktopOnly from '@site/src/components/DesktopOnly';

const serverToc = () => document.querySelector(`.${ThemeClassNames.docs.docTocDesktop}`);

export default function DocItemTOCDesktopWrapper(): ReactNode {
  return (
    <DesktopOnly find={serverToc}>
      <DocItemTOCDesktop />
    </DesktopOnly>
  );
}
