import MDXComponents from '@theme-original/MDXComponents';
import Brand from '@site/src/components/Brand';
import ConsoleLink from '@site/src/components/ConsoleLink';
import SupportEmail from '@site/src/components/SupportEmail';
import SalesEmail from '@site/src/components/SalesEmail';
import ApiBase from '@site/src/components/ApiBase';
import ApiFields from '@site/src/components/ApiFields';
import ApiCodeSamples, {ApiCodeSample} from '@site/src/components/ApiCodeSamples';

// Components every doc may use without importing them.
export default {
  ...MDXComponents,
  Brand,
  ConsoleLink,
  SupportEmail,
  SalesEmail,
  ApiBase,
  // Used by the API reference pages the remark plugin expands.
  ApiFields,
  ApiCodeSamples,
  ApiCodeSample,
};
