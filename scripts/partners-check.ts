/**
 * `npm run partners:check [folder]`: checks every partner file with the loader the
 * server uses, prints one line per file, and exits 1 on any problem. A custom colour
 * the site shows darker or lighter, so that it stays readable, is a note, not a problem.
 */
import path from 'node:path';
import {DEFAULT_PARTNERS_DIR, readPartnerFolder} from '../server/partners';
import {colorAdjustments} from '../src/branding/colors';

/** Checks a partner folder and prints the result; resolves to the number of problems. */
export async function checkPartners(dir: string): Promise<number> {
  const {entries, problems} = await readPartnerFolder(dir);
  const broken = new Set(problems.flatMap((p) => p.files));
  for (const entry of entries) {
    if (broken.has(entry.file)) continue;
    console.log(`✓ ${entry.file} (${entry.domains.join(', ')})`);
    for (const {role, mode, from, to, ratio} of colorAdjustments(entry.served.config.colors)) {
      console.log(`  note: colors.${role} ${from} is shown as ${to} in ${mode} mode, to reach ${ratio}:1 contrast on the site's backgrounds`);
    }
  }
  for (const problem of problems) console.error(`✗ ${problem.message}`);
  if (entries.length === 0 && problems.length === 0) console.log(`No partner files in ${path.resolve(dir)}: every host gets the default brand.`);
  if (problems.length > 0) console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'}: the server will not start with these files.`);
  return problems.length;
}

if (require.main === module) {
  const dir = process.argv[2] ?? DEFAULT_PARTNERS_DIR;
  checkPartners(dir).then(
    (problems) => process.exit(problems > 0 ? 1 : 0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
