/**
 * What the browser bundle resolves `path-to-regexp` (1.x, react-router's) to: the package
 * itself, with plain paths matched by ./staticPaths. The query keeps this import from being
 * replaced by this module again (the replacement matches the package's file, without one).
 */
// @ts-expect-error: the package's own file under another module identity (see above); it has no types.
import original from 'path-to-regexp/index.js?original';
import {withPlainPaths} from './staticPaths';

const pathToRegexp = withPlainPaths(original);
export default pathToRegexp;
