import {useEffect} from 'react';
import siteStorage from '@generated/site-storage';
import {useColorMode, useThemeConfig, type ColorMode} from '@docusaurus/theme-common';
import {useBrand, useBrandSettled} from './BrandProvider';
import {colorModeStorage, readerColorMode} from './boot';

// The installed theme-common (3.10) accepts `{persist: false}` at run time: the mode is
// applied without being stored as the reader's choice. Its published type omits it.
type SetColorMode = (mode: ColorMode | null, options?: {persist?: boolean}) => void;

/**
 * Applies a partner's default colour mode (`color_mode`) when its config arrives, for
 * readers who have not chosen one; a cached one was applied before first paint by the
 * boot script. Rendered inside the layout, where Docusaurus' colour mode context is.
 */
export function BrandColorMode(): null {
  const brand = useBrand();
  const settled = useBrandSettled();
  const {setColorMode} = useColorMode();
  const {
    colorMode: {defaultMode, respectPrefersColorScheme},
  } = useThemeConfig();

  useEffect(() => {
    // The reader's own choice (toggle or `?docusaurus-theme=`) wins, as in the pre-paint script.
    if (readerColorMode(colorModeStorage(siteStorage)) !== null) return;
    const root = document.documentElement;
    const setMode = setColorMode as SetColorMode;
    if (brand.colorMode) {
      if (root.getAttribute('data-theme') !== brand.colorMode) setMode(brand.colorMode, {persist: false});
      root.setAttribute('data-brand-color-mode', brand.colorMode);
    } else if (settled && root.hasAttribute('data-brand-color-mode')) {
      // A partner default applied earlier (from the cache) no longer holds: back to the site's.
      root.removeAttribute('data-brand-color-mode');
      setMode(respectPrefersColorScheme ? null : defaultMode, {persist: false});
    }
  }, [brand.colorMode, settled, setColorMode, defaultMode, respectPrefersColorScheme]);

  return null;
}
