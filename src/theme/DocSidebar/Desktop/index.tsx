/**
 * The docs sidebar of the desktop layout: on a phone, the one the server rendered is
 * adopted, not hydrated, for the one render before the theme drops it for the phone menu
 * (see src/components/DesktopOnly). On an API page that is the reference's long sidebar.
 */
import type {ReactNode} from 'react';
import DocSidebarDesktop from '@theme-original/DocSidebar/Desktop';
import type DocSidebarDesktopType from '@theme/DocSidebar/Desktop';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {WrapperProps} from '@docusaurus/types';
import DesktopOnly from '@site/src/components/DesktopOnly';

type Props = WrapperProps<typeof DocSidebarDesktopType>;

/** <aside> > viewport <div> > the sidebar (DocRoot/Layout/Sidebar, DocSidebar/Desktop). */
const serverSidebar = () => document.querySelector(`aside.${ThemeClassNames.docs.docSidebarContainer}`)?.firstElementChild?.firstElementChild;

export default function DocSidebarDesktopWrapper(props: Props): ReactNode {
  return (
    <DesktopOnly find={serverSidebar}>
      <DocSidebarDesktop {...props} />
    </DesktopOnly>
  );
}
