// The theme's highlighting code block and Prism with the site's extra languages,
// loaded on demand (see plugins/deferred-highlighting): only code that React renders
// in the browser needs it.
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

export {default} from '@theme-original/CodeBlock/Content';
