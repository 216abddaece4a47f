/**
 * The output a page shows for a sample, against what the sample printed from the mock's
 * answer: the same shape (keys and types of JSON, columns of a table), never the values,
 * which are the mock's examples.
 */

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};

const parse = (text: string): Json | undefined => {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
};

const kind = (value: Json) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Where two JSON values differ in shape; `null` on either side fits anything (fields may be null). */
export function shapeDifferences(shown: Json, printed: Json, at = '$'): string[] {
  if (shown === null || printed === null) return [];
  if (kind(shown) !== kind(printed)) return [`${at}: the page shows ${kind(shown)}, the sample prints ${kind(printed)}`];
  if (Array.isArray(shown) && Array.isArray(printed)) {
    return shown.length > 0 && printed.length > 0 ? shapeDifferences(shown[0], printed[0], `${at}[0]`) : [];
  }
  if (kind(shown) !== 'object') return [];
  const a = shown as Record<string, Json>;
  const b = printed as Record<string, Json>;
  const out: string[] = [];
  for (const key of Object.keys(a)) {
    if (!(key in b)) out.push(`${at}.${key}: shown on the page, not printed by the sample`);
    else out.push(...shapeDifferences(a[key], b[key], `${at}.${key}`));
  }
  for (const key of Object.keys(b)) if (!(key in a)) out.push(`${at}.${key}: printed by the sample, not shown on the page`);
  return out;
}

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

/**
 * How the printed output differs in shape from the shown one; `compared` is false when the
 * shown output has no shape to compare (free text).
 */
export function outputProblems(shown: string, printed: string): {compared: boolean; problems: string[]} {
  // A filter on values (`select(.name | test("vLLM"))`) may print nothing from the mock's examples.
  if (printed.trim() === '') return {compared: false, problems: []};
  const whole = parse(shown);
  if (whole !== undefined && typeof whole === 'object' && whole !== null) {
    const got = parse(printed);
    if (got === undefined) return {compared: true, problems: [`the page shows JSON, the sample prints: ${printed.slice(0, 200)}`]};
    return {compared: true, problems: shapeDifferences(whole, got)};
  }
  const shownLines = lines(shown);
  const printedLines = lines(printed);
  const first = parse(shownLines[0] ?? '');
  if (first !== undefined && typeof first === 'object' && first !== null && shownLines.every((l) => parse(l) !== undefined)) {
    const got = parse(printedLines[0] ?? '');
    if (got === undefined) return {compared: true, problems: [`the page shows JSON lines, the sample prints: ${printed.slice(0, 200)}`]};
    return {compared: true, problems: shapeDifferences(first, got)};
  }
  if (shownLines[0]?.includes('\t')) {
    const columns = shownLines[0].split('\t').length;
    const got = (printedLines[0] ?? '').split('\t').length;
    return {compared: true, problems: got === columns ? [] : [`the page shows ${columns} columns, the sample prints ${got}: ${printedLines[0] ?? '(nothing)'}`]};
  }
  // A projection that names a field the answer lacks prints `null` where the page shows a value.
  if (printedLines.includes('null') && !shownLines.includes('null')) {
    return {compared: true, problems: ['the sample prints null where the page shows a value: it reads a field the answer lacks']};
  }
  return {compared: false, problems: []};
}
