import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import BrandHeaderLinks from '@site/src/components/BrandHeaderLinks';

// Custom navbar item types, added to the defaults.
export default {
  ...ComponentTypes,
  'custom-brandLinks': BrandHeaderLinks,
};
