import type {ReactNode} from 'react';
import {releaseDate, releasesOf, type Release} from '@site/src/data/releases';
import {libraries, type LibraryId} from '@site/src/data/libraries';

const AREA_LABEL: Record<Release['area'], string> = {
  compute: 'Compute',
  storage: 'Storage',
  network: 'Network',
  kubernetes: 'Kubernetes',
  'ai-studio': 'AI studio',
  api: 'API and tools',
  account: 'Account and access',
  billing: 'Billing',
  regions: 'Regions',
};

/** How an entry names a library: the client's language, or the provider. */
const LIBRARY_LABEL: Record<LibraryId, string> = {
  python: `${libraries.python.language} client`,
  go: `${libraries.go.language} client`,
  javascript: 'JavaScript client',
  terraform: 'Terraform provider',
};

/**
 * The names an entry introduces, one labelled group after another ("Flavors: `n3-L40x1`.
 * Regions: `ca-mtl-1`"), or nothing when it introduces none.
 */
function Facts({groups}: {groups: readonly (readonly [string, readonly (string | {name: string; code: string})[]])[]}): ReactNode {
  const shown = groups.filter(([, items]) => items.length > 0);
  if (shown.length === 0) return null;
  return (
    <p>
      {shown.map(([label, items], g) => (
        <span key={label}>
          {g > 0 && '. '}
          {label}:{' '}
          {items.map((item, i) =>
            typeof item === 'string' ? (
              <span key={item}>
                {i > 0 && ', '}
                <code>{item}</code>
              </span>
            ) : (
              <span key={item.name}>
                {i > 0 && ', '}
                {item.name} <code>{item.code}</code>
              </span>
            ),
          )}
        </span>
      ))}
    </p>
  );
}


/** One year's release entries, newest first, each with an anchor: `<ReleaseList year={2024} />`. */
export default function ReleaseList({year}: {year: number}): ReactNode {
  const entries = releasesOf(year);
  if (entries.length === 0) throw new Error(`No release notes for ${year}`);
  return (
    <div className="release-list">
      {entries.map((r) => (
        <section key={r.slug} id={r.slug} className="release-entry">
          <p>
            <strong>{r.title}</strong>
            <br />
            <time dateTime={r.date}>{releaseDate(r.date)}</time> · {AREA_LABEL[r.area]}
          </p>
          <p>{r.summary}</p>
          <Facts
            groups={[
              ['Versions', Object.entries(r.libraries ?? {}).map(([id, version]) => ({name: LIBRARY_LABEL[id as LibraryId], code: version}))],
              ['Kubernetes', r.kubernetes ?? []],
              ['Flavors', r.flavors ?? []],
              ['Regions', r.regions ?? []],
            ]}
          />
        </section>
      ))}
    </div>
  );
}
