import {createElement as h} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import ReleaseList from '.';
import {releasesOf} from '../../data/releases';

/** The entry's text, tags removed, with code marked by backticks. */
const text = (html: string) => html.replace(/<\/?code>/g, '`').replace(/<[^>]+>/g, '');

const entry = (year: number, slug: string) => {
  const html = renderToStaticMarkup(h(ReleaseList, {year}));
  const start = html.indexOf(`id="${slug}"`);
  expect(start, slug).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</section>', start));
};

describe('ReleaseList', () => {
  it('renders one section per entry of the year, with its anchor', () => {
    const html = renderToStaticMarkup(h(ReleaseList, {year: 2023}));
    expect(html.match(/<section /g)!.length).toBe(releasesOf(2023).length);
  });

  it('names what an entry introduces, group after group', () => {
    expect(text(entry(2023, 'launch'))).toContain('Flavors: `n1-cpu-small`, `n3-RTX-A6000x1`. Regions: `no-osl-1`');
  });

  it('gives library versions their name outside the code', () => {
    expect(text(entry(2026, 'clients-2026-11'))).toMatch(/Versions: Python client `[\d.]+`, Go client `v[\d.]+`/);
  });

  it('writes no line of names for an entry that introduces none', () => {
    const html = entry(2023, 'snapshots');
    expect(html).not.toMatch(/Flavors:|Regions:|Versions:|Kubernetes:/);
    expect(html).not.toMatch(/<p>0<\/p>|>0</);
  });
});
