import type {ReactNode} from 'react';
import {flavors} from '@site/src/data/platform';
import {flavorLabelKeys, flavorLabels} from '@site/src/data/hardware';

interface Props {
  /** `flavors` (default): each flavor with its labels; `vocabulary`: each label key with its meaning. */
  view?: 'flavors' | 'vocabulary';
}

/** The flavor labels, derived from the flavor data: `<FlavorLabelTable />` or `<FlavorLabelTable view="vocabulary" />`. */
export default function FlavorLabelTable({view = 'flavors'}: Props): ReactNode {
  if (view === 'vocabulary') {
    return (
      <table>
        <thead>
          <tr>
            <th>Key</th>
            <th>Example</th>
            <th>Meaning</th>
          </tr>
        </thead>
        <tbody>
          {flavorLabelKeys.map((k) => (
            <tr key={k.key}>
              <td><code>{k.key}</code></td>
              <td><code>{k.example}</code></td>
              <td>{inlineCode(k.meaning)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <table>
      <thead>
        <tr>
          <th>Flavor</th>
          <th>Labels</th>
        </tr>
      </thead>
      <tbody>
        {flavors.map((f) => (
          <tr key={f.name}>
            <td><code>{f.name}</code></td>
            <td>
              {flavorLabels(f).map((l, i) => (
                <span key={l}>
                  {i > 0 ? ' ' : null}
                  <code>{l}</code>
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Renders `backticked` parts of a data sentence as code. */
export function inlineCode(text: string): ReactNode {
  return text.split(/(`[^`]+`)/).map((part, i) => (part.startsWith('`') && part.endsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : part));
}
