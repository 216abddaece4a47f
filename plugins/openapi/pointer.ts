/**
 * Local JSON pointers of the spec, read without any dependency: the build's spec checks and
 * the API pages' request console (in the browser) follow `$ref`s the same way.
 */

/** The value a local JSON pointer (`#/components/schemas/Error`) names, or undefined. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
