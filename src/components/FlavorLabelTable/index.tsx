import type {ReactNode} from 'react';
import {flavors} from '@site/src/data/platform';
import {flavorLabelKeys, flavorLabels} from '@site/src/data/hardware';
import DataTable from '@site/src/components/DataTable';

interface Props {
  /** `flavors` (default): each flavor with its labels; `vocabulary`: each label key with its meaning. */
  view?: 'flavors' | 'vocabulary';
}

/** The flavor labels, derived from the flavor data: `<FlavorLabelTable />` or `<FlavorLabelTable view="vocabulary" />`. */
export default function FlavorLabelTable({view = 'flavors'}: Props): ReactNode {
  if (view === 'vocabulary') {
    return (
      <DataTable
        rows={flavorLabelKeys}
        rowKey={(k) => k.key}
        columns={[
          {header: 'Key', cell: (k) => <code>{k.key}</code>},
          {header: 'Example', cell: (k) => <code>{k.example}</code>},
          {header: 'Meaning', cell: (k) => inlineCode(k.meaning)},
        ]}
      />
    );
  }
  return (
    <DataTable
      rows={flavors}
      rowKey={(f) => f.name}
      columns={[
        {header: 'Flavor', cell: (f) => <code>{f.name}</code>},
        {
          header: 'Labels',
          cell: (f) =>
            flavorLabels(f).map((l, i) => (
              <span key={l}>
                {i > 0 ? ' ' : null}
                <code>{l}</code>
              </span>
            )),
        },
      ]}
    />
  );
}

/** Renders `backticked` parts of a data sentence as code. */
export function inlineCode(text: string): ReactNode {
  return text.split(/(`[^`]+`)/).map((part, i) => (part.startsWith('`') && part.endsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : part));
}
