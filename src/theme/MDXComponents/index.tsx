import MDXComponents from '@theme-original/MDXComponents';
import Brand from '@site/src/components/Brand';
import ConsoleLink from '@site/src/components/ConsoleLink';

// Components every doc may use without importing them.
export default {
  ...MDXComponents,
  Brand,
  ConsoleLink,
};
