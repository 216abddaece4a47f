import {describe, expect, it} from 'vitest';
import {outputProblems} from './outputs';
import {pageSamples, SKIP_CLASSES, skipNotes} from './pages';

const fence = '```';
const twin = [
  '# A page',
  '',
  `${fence}json title="spot.json"`,
  '{"name": "spot-1"}',
  fence,
  '',
  `${fence}bash`,
  'curl -s -X POST https://api.example.com/v1/core/virtual-machines -d @spot.json',
  fence,
  '',
  `${fence}text title="Output"`,
  'spot-1 CREATING',
  fence,
  '',
  '1. Then wait:',
  '',
  `   ${fence}bash`,
  '   until [ "$(curl -s https://api.example.com/v1/core/volumes/7710 | jq -r .volume.status)" = AVAILABLE ]; do sleep 2; done',
  `   ${fence}`,
  '',
  `${fence}python`,
  'import gpucloud',
  'client = gpucloud.Client(base_url="https://api.example.com/v1")',
  fence,
  '',
].join('\n');
// The source: the twin's blocks, and a note before the one that cannot run.
const source = twin.replace('   ```bash\n   until', "   {/* not run by the sample tests: it polls, and the mock's answer never changes */}\n   ```bash\n   until");

describe('pageSamples', () => {
  const page = pageSamples('/docs/a-page', twin, 'http://127.0.0.1:4321/p1/v1', {file: 'docs/a-page.mdx', text: source});

  it('puts the brand API base in place, as a partner reader gets it', () => {
    expect(page.samples.map((s) => s.block.code.match(/https?:\/\/[^/\s"]+\/\w+\/v1/)?.[0])).toEqual(Array(3).fill('http://127.0.0.1:4321/p1/v1'));
  });

  it('gives each sample the page files, its output block and where it is', () => {
    const [curl] = page.samples;
    expect(curl.files.get('spot.json')).toBe('{"name": "spot-1"}');
    expect(curl.output?.code).toBe('spot-1 CREATING');
    expect(curl.where).toBe('/docs/a-page.md block 2 (bash, line 8) from docs/a-page.mdx');
    expect(curl.skip).toBeUndefined();
  });

  it('skips with the note written next to the block in the source, or the class of the sample', () => {
    expect(page.samples.map((s) => s.skip)).toEqual([undefined, "it polls, and the mock's answer never changes", SKIP_CLASSES.library]);
    expect(page.strayNotes).toEqual([]);
  });

  it('reports a note that is next to no API sample', () => {
    const stray = pageSamples('/docs/a-page', twin, 'http://127.0.0.1:4321/p1/v1', {file: 'docs/a-page.mdx', text: `${source}\n{/* not run by the sample tests: gone */}\n${fence}bash\necho gone\n${fence}\n`});
    expect(stray.strayNotes).toEqual(['/docs/a-page: the note "gone" is before no API sample (echo gone)']);
    expect(skipNotes(source).size).toBe(1);
  });
});

describe('outputProblems', () => {
  it('compares JSON by keys and types, not values; null fits any type', () => {
    expect(outputProblems('{"id": 1, "status": "ACTIVE", "ip": null}', '{"id": 2, "status": "SHUTOFF", "ip": "203.0.113.9"}')).toEqual({compared: true, problems: []});
    expect(outputProblems('{"id": 1}', '{"id": "1"}').problems).toEqual(['$.id: the page shows number, the sample prints string']);
  });

  it('compares JSON lines by their first line, and tables by their columns', () => {
    expect(outputProblems('{"a": 1}\n{"a": 2}', '{"b": 1}').problems).toEqual(['$.a: shown on the page, not printed by the sample', '$.b: printed by the sample, not shown on the page']);
    expect(outputProblems('a\tb\tc\n', 'x\ty\n').problems).toEqual(['the page shows 3 columns, the sample prints 2: x\ty']);
  });

  it('flags a projection that prints null, and leaves free text and empty output alone', () => {
    expect(outputProblems('ACTIVE', 'null\n').problems).toHaveLength(1);
    expect(outputProblems('ACTIVE at 203.0.113.9', 'SHUTOFF at 10.0.0.1')).toEqual({compared: false, problems: []});
    expect(outputProblems('{"a": 1}', '')).toEqual({compared: false, problems: []});
  });
});
