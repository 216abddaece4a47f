/**
 * A report's tables as CSV (RFC 4180: commas, CRLF, quotes doubled). Readers' comments and
 * queries are untrusted: a cell that a spreadsheet would take for a formula (starting with
 * =, +, -, @, tab or CR) is prefixed with an apostrophe so that it opens as the text it is.
 */
import type {Report} from './store';

export const CSV_TABLES = ['pages', 'comments', 'searches', 'no-results', 'days'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join(' ') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const lines = (rows: unknown[][]) => rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

export function reportCsv(report: Report, table: CsvTable): string {
  switch (table) {
    case 'pages':
      return lines([['host', 'path', 'yes', 'no', 'helpful_rate'], ...report.pages.map((p) => [p.host, p.path, p.yes, p.no, p.helpfulRate.toFixed(3)])]);
    case 'comments':
      return lines([['at', 'host', 'path', 'helpful', 'reasons', 'comment'], ...report.comments.map((c) => [c.at, c.host, c.path, c.helpful ? 'yes' : 'no', c.reasons, c.comment])]);
    case 'searches':
      return lines([['query', 'searches', 'clicks'], ...report.topSearches.map((s) => [s.query, s.searches, s.clicks])]);
    case 'no-results':
      return lines([['query', 'searches'], ...report.noResults.map((s) => [s.query, s.searches])]);
    case 'days':
      return lines([['day', 'answers', 'searches'], ...report.series.map((d) => [d.day, d.answers, d.searches])]);
  }
}
