/** The merged spec, read again only when a part changes (dev server edits). */
import {readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {loadSpec, type OpenApiDocument} from './spec';

let cached: {key: string; doc: OpenApiDocument} | undefined;

export function specSnapshot(specDir: string): OpenApiDocument {
  const partsDir = path.join(specDir, 'parts');
  const key = readdirSync(partsDir)
    .sort()
    .map((f) => {
      const info = statSync(path.join(partsDir, f));
      return `${f}:${info.size}:${info.mtimeMs}`;
    })
    .join('|');
  if (cached?.key !== key) cached = {key, doc: loadSpec(specDir)};
  return cached.doc;
}
