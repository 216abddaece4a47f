import type {ReactNode} from 'react';

/** One column of a fact table: its heading and how a row fills its cell. */
export interface DataColumn<Row> {
  /** React key of the column; defaults to its position. */
  key?: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
}

export interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  /** React key of a row (a name or id of the data); defaults to its position. */
  rowKey?: (row: Row, index: number) => string | number;
  /** A caption above the table, for a reader who lands on the table alone. */
  caption?: ReactNode;
  className?: string;
}

/**
 * The one markup of the fact tables: a header row of column headings, then one row per
 * data entry. A fact table is its columns and its rows:
 *
 * ```tsx
 * <DataTable rows={regions} rowKey={(r) => r.id} columns={[
 *   {header: 'Region', cell: (r) => <code>{r.id}</code>},
 *   {header: 'Location', cell: (r) => r.location},
 * ]} />
 * ```
 *
 * It renders the plain `<table><thead><tr><th>…` that Markdown tables render, so the theme's
 * table styles, the search records and the Markdown twins read it like any other table.
 */
export default function DataTable<Row>({columns, rows, rowKey, caption, className}: DataTableProps<Row>): ReactNode {
  return (
    <table className={className}>
      {caption !== undefined && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={column.key ?? i}>{column.header}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={rowKey ? rowKey(row, r) : r}>
            {columns.map((column, i) => (
              <td key={column.key ?? i}>{column.cell(row, r)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Picks `columns` (in that order) out of a record of named columns, keyed by their names. */
export function pickColumns<Row, Name extends string>(all: Record<Name, Omit<DataColumn<Row>, 'key'>>, names: readonly Name[]): DataColumn<Row>[] {
  return names.map((name) => ({key: name, ...all[name]}));
}

/** Text with `inline code` spans, as the data writes API values, for a cell: `<CodeText text={…} />`. */
export function CodeText({text}: {text: string}): ReactNode {
  return <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

/** `Yes` or `No`, the way every fact table writes a flag. */
export const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
