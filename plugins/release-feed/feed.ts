/**
 * The release timeline (src/data/releases.ts) as an Atom feed (RFC 4287). Links are
 * root-relative, resolved against the feed's own address, so the one file serves every
 * host the docs are served on, partner hosts included; ids are stable `urn:uuid:`s
 * derived from each entry's date and slug, so readers never see an entry twice.
 */
import {createHash} from 'node:crypto';
import type {Release} from '../../src/data/releases';

/** Where the feed is written in the build and served from. */
export const FEED_PATH = '/release-notes.xml';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A name-based UUID (version 5 layout) for a string: stable across builds. */
export function stableUuid(name: string): string {
  const hex = createHash('sha1').update(`release-notes:${name}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The page and anchor of an entry: `/docs/release-notes/2024#spot`. */
export const entryPath = (release: Release) => `/docs/release-notes/${release.date.slice(0, 4)}#${release.slug}`;

/** The feed document, newest entry first. */
export function atomFeed(releases: readonly Release[], options: {title?: string} = {}): string {
  const sorted = [...releases].sort((a, b) => b.date.localeCompare(a.date));
  if (sorted.length === 0) throw new Error('The release feed needs at least one entry');
  const stamp = (date: string) => `${date}T00:00:00Z`;
  const entries = sorted.map((r) =>
    [
      '  <entry>',
      `    <id>urn:uuid:${stableUuid(`${r.date}/${r.slug}`)}</id>`,
      `    <title>${escapeXml(r.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(entryPath(r))}"/>`,
      `    <updated>${stamp(r.date)}</updated>`,
      `    <published>${stamp(r.date)}</published>`,
      `    <category term="${escapeXml(r.area)}"/>`,
      `    <summary type="text">${escapeXml(r.summary)}</summary>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>urn:uuid:${stableUuid('feed')}</id>`,
    `  <title>${escapeXml(options.title ?? 'Release notes')}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${FEED_PATH}"/>`,
    `  <link rel="alternate" type="text/html" href="/docs/release-notes/${sorted[0].date.slice(0, 4)}"/>`,
    `  <updated>${stamp(sorted[0].date)}</updated>`,
    '  <author><name>Platform team</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
