// The receivers on the callbacks page verify what the platform sends: a test signs
// payloads by the documented scheme (HMAC-SHA256 of "<t>.<raw body>", hex, in
// X-Callback-Signature as t=…,v1=…) and runs the page's own code against them.
import {execFileSync, spawnSync} from 'node:child_process';
import {createHmac} from 'node:crypto';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {callbackDelivery} from '../src/data/callbacks';

const page = readFileSync(path.resolve(__dirname, '../docs/resource-management/callbacks.mdx'), 'utf8');

/** The code of the fenced block titled `title` on the page. */
function block(title: string): string {
  const match = new RegExp('^```\\w+ title="' + title.replace('.', '\\.') + '"[^\\n]*\\n([\\s\\S]*?)^```', 'm').exec(page);
  if (!match) throw new Error(`no code block titled ${title} on the callbacks page`);
  return match[1];
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'callback-receivers-'));
const secret = 'cbsec_4mQ8vT2xK9pL7rW3nZ6yB1cD5fH0jS8e';
const otherSecret = 'cbsec_Hn3Wq7Zp1Lx5Rt9Vb2Mk6Yc8Fd4Gs0Ja';
const body = JSON.stringify({id: 'evt_01JQ4ZK8R2W6M3T9BXAF', type: 'vm.status_changed', time: '2026-03-04T18:02:11Z', data: {previous_status: 'STOPPING', instance: {name: 'first-vm', status: 'SHUTOFF'}}});
const now = 1772647331;
const sign = (key: string, t: number, raw = body) => createHmac('sha256', key).update(`${t}.${raw}`).digest('hex');
const tolerance = callbackDelivery.signatureToleranceSeconds;

/** [header, body, expected] cases every receiver must get right. */
const cases: [string, string, string, boolean][] = [
  ['a valid signature', `t=${now},v1=${sign(secret, now)}`, body, true],
  ['a valid signature with spaces after commas', `t=${now}, v1=${sign(secret, now)}`, body, true],
  ['two signatures during a rotation, the second valid', `t=${now},v1=${sign(otherSecret, now)},v1=${sign(secret, now)}`, body, true],
  ['a timestamp at the edge of the tolerance', `t=${now - tolerance},v1=${sign(secret, now - tolerance)}`, body, true],
  ['a replay from beyond the tolerance', `t=${now - tolerance - 1},v1=${sign(secret, now - tolerance - 1)}`, body, false],
  ['a timestamp from the future beyond the tolerance', `t=${now + tolerance + 1},v1=${sign(secret, now + tolerance + 1)}`, body, false],
  ['a tampered body', `t=${now},v1=${sign(secret, now)}`, body.replace('SHUTOFF', 'ACTIVE'), false],
  ['another secret', `t=${now},v1=${sign(otherSecret, now)}`, body, false],
  ['a timestamp changed after signing', `t=${now + 1},v1=${sign(secret, now)}`, body, false],
  ['no timestamp', `v1=${sign(secret, now)}`, body, false],
  ['no signature', `t=${now}`, body, false],
  ['a truncated signature', `t=${now},v1=${sign(secret, now).slice(0, 32)}`, body, false],
  ['an empty header', '', body, false],
];

describe('the JavaScript receiver on the callbacks page', async () => {
  const file = path.join(dir, 'receiver.mjs');
  writeFileSync(file, block('receiver.mjs'));
  const receiver = (await import(pathToFileURL(file).href)) as {verifySignature: (raw: Buffer, header: string | undefined, key: string, now?: number) => boolean; TOLERANCE_SECONDS: number};

  it('uses the tolerance of the data', () => {
    expect(receiver.TOLERANCE_SECONDS).toBe(tolerance);
  });

  it.each(cases)('handles %s', (_name, header, raw, expected) => {
    expect(receiver.verifySignature(Buffer.from(raw), header, secret, now)).toBe(expected);
  });

  it('rejects a missing header', () => {
    expect(receiver.verifySignature(Buffer.from(body), undefined, secret, now)).toBe(false);
  });

  it('checks the current time when none is given', () => {
    const t = Math.floor(Date.now() / 1000);
    expect(receiver.verifySignature(Buffer.from(body), `t=${t},v1=${sign(secret, t)}`, secret)).toBe(true);
  });
});

const python = spawnSync('python3', ['--version']).status === 0;

describe.skipIf(!python)('the Python receiver on the callbacks page', () => {
  writeFileSync(path.join(dir, 'receiver.py'), block('receiver.py'));
  const script = `
import json, sys
sys.path.insert(0, ${JSON.stringify(dir)})
import receiver
cases = json.load(sys.stdin)
print(json.dumps({"tolerance": receiver.TOLERANCE_SECONDS, "results": [receiver.verify_signature(c["body"].encode(), c["header"], c["secret"], c["now"]) for c in cases]}))
`;
  const input = cases.map(([, header, raw]) => ({header, body: raw, secret, now}));
  const output = JSON.parse(execFileSync('python3', ['-c', script], {input: JSON.stringify(input), encoding: 'utf8'})) as {tolerance: number; results: boolean[]};

  it('uses the tolerance of the data', () => {
    expect(output.tolerance).toBe(tolerance);
  });

  it.each(cases.map((c, i) => [c[0], i, c[3]] as const))('handles %s', (_name, i, expected) => {
    expect(output.results[i]).toBe(expected);
  });
});

const openssl = spawnSync('openssl', ['version']).status === 0;

describe.skipIf(!openssl)('the shell example on the callbacks page', () => {
  it('signs a request the receivers accept', async () => {
    const commands = /^```bash\n(SECRET=[\s\S]*?)^curl /m.exec(page)?.[1];
    expect(commands, 'the bash block that signs a test request').toBeDefined();
    const out = execFileSync('bash', ['-c', `${commands}\nprintf '%s\\n%s\\n%s' "$T" "t=$T,v1=$SIG" "$BODY"`], {encoding: 'utf8'}).split('\n');
    const [t, header, raw] = [Number(out[0]), out[1], out.slice(2).join('\n')];
    const file = path.join(dir, 'receiver-shell.mjs');
    writeFileSync(file, block('receiver.mjs'));
    const receiver = (await import(pathToFileURL(file).href)) as {verifySignature: (raw: Buffer, header: string, key: string, now?: number) => boolean};
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(receiver.verifySignature(Buffer.from(raw), header, secret, t)).toBe(true);
  });
});
