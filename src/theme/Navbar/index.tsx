// Wraps the navbar (safe to wrap) to apply a partner's default colour mode: the navbar is
// on every page and inside Docusaurus' colour mode context, which Root is not.
import type {ReactNode} from 'react';
import Navbar from '@theme-original/Navbar';
import type NavbarType from '@theme/Navbar';
import type {WrapperProps} from '@docusaurus/types';
import {BrandColorMode} from '@site/src/branding/BrandColorMode';

type Props = WrapperProps<typeof NavbarType>;

export default function NavbarWrapper(props: Props): ReactNode {
  return (
    <>
      <BrandColorMode />
      <Navbar {...props} />
    </>
  );
}
