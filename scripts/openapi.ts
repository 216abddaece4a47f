/**
 * `tsx scripts/openapi.ts [out.yaml]`: merges openapi/parts into one document, checks
 * it, and writes it (default: a temp file) so linters and people can read it whole.
 */
import {writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {stringify} from 'yaml';
import {loadSpec, operations} from '../plugins/openapi/spec';

const siteDir = path.resolve(__dirname, '..');
try {
  const doc = loadSpec(path.join(siteDir, 'openapi'));
  const out = path.resolve(process.argv[2] ?? path.join(os.tmpdir(), 'openapi.merged.yaml'));
  writeFileSync(out, stringify(doc, {lineWidth: 0}));
  console.log(`${operations(doc).length} operations, ${Object.keys(doc.components.schemas ?? {}).length} schemas: ${out}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
