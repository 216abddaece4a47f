/**
 * What the browser bundle resolves Docusaurus's ComponentCreator to: the original, called
 * when a route is first used (./lazily). The query keeps this import from being replaced by
 * this module again (the replacement matches the file without one).
 */
// @ts-expect-error: Docusaurus's own file under another module identity (see above); typed by ./lazily.
import original from '@docusaurus/core/lib/client/exports/ComponentCreator.js?original';
import {lazily, type ComponentCreator} from './lazily';

const ComponentCreatorOnFirstUse: ComponentCreator = lazily(original as ComponentCreator);
export default ComponentCreatorOnFirstUse;
