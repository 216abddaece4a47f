/** The counts the sample run prints: per language, run, passed, failed, refused and skipped by reason. */
import type {SampleLanguage} from './pages';
import type {Outcome} from './run';

/** `notApi`: blocks of the sample languages that do not call the API, which are not run. */
export function summary(outcomes: Outcome[], notApi: Partial<Record<SampleLanguage, number>> = {}): string {
  const lines = ['API code samples against the mock of the spec:'];
  for (const language of ['curl', 'python', 'javascript', 'go', 'other'] as const) {
    const of = outcomes.filter((o) => o.sample.language === language);
    if (of.length === 0) continue;
    const count = (result: Outcome['result']) => of.filter((o) => o.result === result).length;
    const run = of.length - count('skipped');
    lines.push(`  ${language}: ${run} run, ${count('passed')} passed, ${count('failed')} failed, ${of.filter((o) => o.refused).length} refused, ${count('skipped')} skipped`);
    const reasons = new Map<string, number>();
    for (const o of of.filter((x) => x.result === 'skipped')) reasons.set(o.sample.skip!, (reasons.get(o.sample.skip!) ?? 0) + 1);
    for (const [reason, n] of reasons) lines.push(`    ${n} skipped: ${reason}`);
  }
  lines.push(`  outputs compared with the page: ${outcomes.filter((o) => o.outputCompared).length}`);
  const others = Object.entries(notApi).map(([language, n]) => `${language} ${n}`).join(', ');
  if (others) lines.push(`  not API samples, not run (they do not call the API: commands on a VM, kubectl, ssh, files): ${others}`);
  return lines.join('\n');
}
