/**
 * `npm run search:push [-- --dry-run]`: sends the build's search records to Algolia
 * with the DocSearch crawler's index settings (algoliasearch v5 `setSettings` and
 * `replaceAllObjects`). Needs ALGOLIA_APP_ID, ALGOLIA_ADMIN_API_KEY and
 * ALGOLIA_INDEX_NAME; with --dry-run, or without the admin key, prints what it would send.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {entryFileName, readChunkedSearchRecords} from '../plugins/search-index/chunks';
import {DEFAULT_BRAND} from '../src/branding/defaults';
import {expandRecords, type SearchRecord} from '../src/search/records';
import {INDEX_SETTINGS} from '../src/search/settings';

/** The index settings the DocSearch crawler gives a Docusaurus site (shared with the local client). */
export function crawlerSettings() {
  return structuredClone(INDEX_SETTINGS);
}

/**
 * Every record of a build: from its whole records file, or where a build has only the
 * chunked index the browser loads, put back together from that index's text files.
 */
export function recordsOfBuild(dir: string): SearchRecord[] {
  const files = readdirSync(dir);
  const file = files.find((f) => /^records\.[0-9a-f]+\.json$/.test(f));
  if (file) return expandRecords(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  if (files.includes('manifest.json')) return readChunkedSearchRecords(dir, entryFileName(dir));
  throw new Error(`No search records in ${dir}: run \`npm run build\` first.`);
}

/** Records of a build, with absolute URLs under the site's public address. */
export function recordsForAlgolia(buildDir: string, siteUrl: string): SearchRecord[] {
  const origin = siteUrl.replace(/\/+$/, '');
  return recordsOfBuild(path.join(buildDir, 'search')).map((record) => ({
    ...record,
    url: origin + record.url,
    url_without_anchor: origin + record.url_without_anchor,
  }));
}

async function main(): Promise<void> {
  const siteDir = path.resolve(__dirname, '..');
  const dryRun = process.argv.includes('--dry-run');
  const {ALGOLIA_APP_ID: appId, ALGOLIA_ADMIN_API_KEY: adminKey, ALGOLIA_INDEX_NAME: indexName} = process.env;
  const records = recordsForAlgolia(path.join(siteDir, 'build'), process.env.DOCS_URL ?? DEFAULT_BRAND.docsUrl);
  const settings = crawlerSettings();
  if (dryRun || !appId || !adminKey || !indexName) {
    if (!dryRun) console.log('ALGOLIA_APP_ID, ALGOLIA_ADMIN_API_KEY or ALGOLIA_INDEX_NAME is not set: dry run.');
    console.log(`Would set the settings of index ${indexName ?? '(ALGOLIA_INDEX_NAME)'}:`);
    console.log(JSON.stringify(settings, null, 2));
    console.log(`Would replace all its objects with ${records.length} records, e.g.:`);
    console.log(JSON.stringify(records.slice(0, 2), null, 2));
    return;
  }
  const {algoliasearch} = await import('algoliasearch');
  const client = algoliasearch(appId, adminKey);
  await client.setSettings({indexName, indexSettings: settings});
  const result = await client.replaceAllObjects({indexName, objects: records as unknown as Record<string, unknown>[]});
  console.log(`Pushed ${records.length} records to ${indexName} (${result.batchResponses.length} batches).`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
