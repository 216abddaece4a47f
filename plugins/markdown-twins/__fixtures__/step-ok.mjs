// A stand-in for the Markdown step: writes one twin and one llms file into DOCS_OUT_DIR.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const out = process.env.DOCS_OUT_DIR;
// A test asks for a sign that the step has started.
if (process.env.STEP_STARTED_MARK) writeFileSync(process.env.STEP_STARTED_MARK, 'started\n');
mkdirSync(path.join(out, 'docs'), {recursive: true});
writeFileSync(path.join(out, 'docs/page.md'), '# Page\n');
writeFileSync(path.join(out, 'llms.txt'), '# Site\n');
console.log(`Markdown: 1 page twin into ${out} (NODE_ENV=${process.env.NODE_ENV})`);
