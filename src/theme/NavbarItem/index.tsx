/**
 * The theme's navbar item, rendered again only when its props change.
 *
 * The navbar's content renders its items afresh whenever it renders, and it renders again
 * right after hydration: the phone menu's state changes once the window's size is known.
 * Each item then ran again for nothing, a docs-sidebar item the dearest, since it matches
 * the page's path against every doc to find the active one. An item's props are the fields
 * of its entry in `themeConfig.navbar.items`, the same values every time, so a shallow
 * compare skips those renders. Items that read the location or a context (active links,
 * the brand's links) still update through it.
 */
import {memo} from 'react';
import NavbarItem from '@theme-original/NavbarItem';

export default memo(NavbarItem);
