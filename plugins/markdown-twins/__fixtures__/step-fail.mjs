// A stand-in for the Markdown step meeting a page it cannot write.
import {writeFileSync} from 'node:fs';
import path from 'node:path';

writeFileSync(path.join(process.env.DOCS_OUT_DIR, 'half-written.md'), '# Half\n');
console.error(`docs/broken.mdx:3: <Widget> has no Markdown form in the twin (stage ${process.env.DOCS_OUT_DIR})`);
process.exit(1);
