/**
 * path-to-regexp 1.x (what react-router 5 matches routes with), with paths that hold no
 * parameter matched by comparing strings instead of by a regular expression.
 *
 * react-router turns every route path it tries into a regular expression the first time it
 * meets it: path-to-regexp parses the path, builds the expression's source, and the engine
 * compiles it on its first use. Docusaurus tries the routes of a level in order until one
 * matches, so the first page load of a site with a few hundred docs builds a few hundred
 * of them (once each: react-router caches them), all before the page can hydrate. Every
 * docs route is a plain path: for those the answer comes from the strings themselves,
 * exactly as the expression path-to-regexp would build gives it (tests compare the two).
 * Anything else (a RegExp, an array, a path with `:name`, `(`, `*` or an escape, a
 * delimiter other than `/`) goes to path-to-regexp itself.
 */

export interface PathOptions {
  end?: boolean;
  strict?: boolean;
  sensitive?: boolean;
  delimiter?: string;
}

/** What react-router uses of the expression path-to-regexp returns. */
export interface PathMatcher {
  exec(pathname: string): string[] | null;
  keys: unknown[];
}

type PathToRegexp = ((path: unknown, keys?: unknown, options?: unknown) => PathMatcher) & Record<string, unknown>;

/** Paths with none of path-to-regexp's special characters (`:` `(` `*` `\` and the modifiers `?` `+`). */
const PLAIN_PATH = /^[A-Za-z0-9\-._~/%]*$/;

/**
 * Whether `pathname` starts with `prefix` (plain, ASCII) as the expression would compare
 * them: letters in either case unless `sensitive`. Characters beyond ASCII never match an
 * ASCII one in a non-Unicode case-insensitive expression, so they fail here too.
 */
function startsWithPath(pathname: string, prefix: string, sensitive: boolean): boolean {
  if (pathname.length < prefix.length) return false;
  if (sensitive) return pathname.startsWith(prefix);
  for (let i = 0; i < prefix.length; i += 1) {
    let a = pathname.charCodeAt(i);
    let b = prefix.charCodeAt(i);
    if (a === b) continue;
    if (a >= 97 && a <= 122) a -= 32;
    if (b >= 97 && b <= 122) b -= 32;
    if (a !== b) return false;
  }
  return true;
}

/**
 * The matcher for a plain `path`: what `^<path>(?:/(?=$))?$` (and its strict and non-ending
 * variants, as path-to-regexp's tokensToRegExp writes them) would match, as `[match]`.
 */
export function plainPathMatcher(path: string, options: PathOptions = {}): PathMatcher {
  const strict = Boolean(options.strict);
  const end = options.end !== false;
  const sensitive = Boolean(options.sensitive);
  const endsWithSlash = path.endsWith('/');
  const base = !strict && endsWithSlash ? path.slice(0, -1) : path;
  const exec = (pathname: string): string[] | null => {
    if (!startsWithPath(pathname, base, sensitive)) return null;
    const rest = pathname.length - base.length;
    if (!strict) {
      // The optional slash matches only at the very end.
      if (rest === 0 || (rest === 1 && pathname.charCodeAt(base.length) === 47)) return [pathname];
      if (end) return null;
      return pathname.charCodeAt(base.length) === 47 ? [pathname.slice(0, base.length)] : null;
    }
    if (end) return rest === 0 ? [pathname] : null;
    if (endsWithSlash || rest === 0 || pathname.charCodeAt(base.length) === 47) return [pathname.slice(0, base.length)];
    return null;
  };
  return {exec, keys: []};
}

/** `original` (path-to-regexp 1.x's export) with plain paths matched by plainPathMatcher. */
export function withPlainPaths(original: PathToRegexp): PathToRegexp {
  const pathToRegexp = ((path: unknown, keys?: unknown, options?: unknown) => {
    const opts = (Array.isArray(keys) ? options : (keys ?? options)) as PathOptions | undefined;
    if (typeof path !== 'string' || !PLAIN_PATH.test(path) || (opts?.delimiter !== undefined && opts.delimiter !== '/')) {
      return original(path, keys, options);
    }
    const matcher = plainPathMatcher(path, opts);
    // path-to-regexp hands back the keys array it was given (none are added for a plain path).
    if (Array.isArray(keys)) matcher.keys = keys;
    return matcher;
  }) as PathToRegexp;
  for (const name of ['parse', 'compile', 'tokensToFunction', 'tokensToRegExp']) pathToRegexp[name] = original[name];
  return pathToRegexp;
}
