import MDXComponents from '@theme-original/MDXComponents';
import Brand from '@site/src/components/Brand';
import ConsoleLink from '@site/src/components/ConsoleLink';
import ApiFields from '@site/src/components/ApiFields';
import ApiCodeSamples, {ApiCodeSample} from '@site/src/components/ApiCodeSamples';

// Components every doc may use without importing them.
export default {
  ...MDXComponents,
  Brand,
  ConsoleLink,
  // Used by the API reference pages the remark plugin expands.
  ApiFields,
  ApiCodeSamples,
  ApiCodeSample,
};
