import type {ReactNode} from 'react';
import {releasesOf, type Release} from '@site/src/data/releases';
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

/** "March 19, 2024", in UTC. */
export function releaseDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'});
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
          {(r.libraries || r.kubernetes?.length) ? (
            <p>
              {r.libraries ? (
                <>
                  Versions:{' '}
                  {(Object.entries(r.libraries) as [LibraryId, string][]).map(([id, version], i) => (
                    <span key={id}>
                      {i > 0 && ', '}
                      {LIBRARY_LABEL[id]} <code>{version}</code>
                    </span>
                  ))}
                </>
              ) : null}
              {r.kubernetes?.length ? (
                <>
                  Kubernetes:{' '}
                  {r.kubernetes.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ', '}
                      <code>{k}</code>
                    </span>
                  ))}
                </>
              ) : null}
            </p>
          ) : null}
          {(r.flavors?.length || r.regions?.length) && (
            <p>
              {r.flavors?.length ? (
                <>
                  Flavors:{' '}
                  {r.flavors.map((f, i) => (
                    <span key={f}>
                      {i > 0 && ', '}
                      <code>{f}</code>
                    </span>
                  ))}
                  {r.regions?.length ? '. ' : ''}
                </>
              ) : null}
              {r.regions?.length ? (
                <>
                  Regions:{' '}
                  {r.regions.map((g, i) => (
                    <span key={g}>
                      {i > 0 && ', '}
                      <code>{g}</code>
                    </span>
                  ))}
                </>
              ) : null}
            </p>
          )}
        </section>
      ))}
    </div>
  );
}
