import MDXComponents from '@theme-original/MDXComponents';
import Brand from '@site/src/components/Brand';
import ConsoleLink from '@site/src/components/ConsoleLink';
import SupportEmail from '@site/src/components/SupportEmail';
import SalesEmail from '@site/src/components/SalesEmail';
import ApiBase from '@site/src/components/ApiBase';
import FlavorTable from '@site/src/components/FlavorTable';
import RegionTable from '@site/src/components/RegionTable';
import ImageTable from '@site/src/components/ImageTable';
import VmStateTable from '@site/src/components/VmStateTable';
import Price from '@site/src/components/Price';
import Limit from '@site/src/components/Limit';
import ApiFields from '@site/src/components/ApiFields';
import ApiCodeSamples, {ApiCodeSample, ApiResponseExamples} from '@site/src/components/ApiCodeSamples';
import ApiConsole from '@site/src/components/ApiConsole';

// Components every doc may use without importing them.
export default {
  ...MDXComponents,
  Brand,
  ConsoleLink,
  SupportEmail,
  SalesEmail,
  ApiBase,
  // Product facts from src/data, never retyped.
  FlavorTable,
  RegionTable,
  ImageTable,
  VmStateTable,
  Price,
  Limit,
  // Used by the API reference pages the remark plugin expands.
  ApiFields,
  ApiCodeSamples,
  ApiResponseExamples,
  ApiCodeSample,
  ApiConsole,
};
