/**
 * Joins a console base URL and a path inside the console. The path must be
 * root-relative: anything else (a full URL, `//host`, a scheme) is an authoring
 * mistake and would send readers off-site, so it fails loudly.
 */
export function consoleUrl(base: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new Error(`ConsoleLink path must start with a single '/': got ${JSON.stringify(path)}`);
  }
  return base.replace(/\/+$/, '') + path;
}
