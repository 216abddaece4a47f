import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import * as cheerio from 'cheerio';
import {sentBytes} from '../scripts/compress-build';
import {scriptsStarted, waitForHydration} from './helpers';

/**
 * What a first load of the pages the slow-CPU bench compares with stock Docusaurus costs,
 * in figures that do not move with the machine: the brotli bytes of the scripts the page
 * runs, of its style sheets and of its HTML, and the elements of that HTML (what the
 * browser parses, styles and lays out). `npm run bench` measures the time these cost on a
 * slow CPU, but only when someone runs it; this fails the suite as soon as a change makes a
 * first load heavier than its budget.
 *
 * A change that needs more is a decision, not an accident: raise the figure here, and say in
 * the commit what it buys and what `scripts/bench/stock-compare.ts` measured with it.
 * Content edits to these pages count too (the HTML and the elements are the page's text).
 */
const BUDGETS: Record<string, {scriptsKb: number; cssKb: number; htmlKb: number; elements: number}> = {
  // About 3 % above what the build measured when they were set: home 126.8 / 16.8 / 6.5 KB and
  // 189 elements, intro 167.3 / 16.8 / 12.0 KB and 400, the API page 166.6 / 16.8 / 14.2 KB and 1,414.
  '/': {scriptsKb: 130.5, cssKb: 17.3, htmlKb: 6.7, elements: 195},
  '/docs/intro': {scriptsKb: 172.5, cssKb: 17.3, htmlKb: 12.4, elements: 412},
  '/docs/api-reference/core-resources/virtual-machines/manage/hibernate': {scriptsKb: 171.5, cssKb: 17.3, htmlKb: 14.6, elements: 1456},
};

const buildDir = path.resolve(__dirname, '..', 'build');

/** Bytes a browser downloads for the build's file at `pathname`. */
const sentBytesAt = (pathname: string) => sentBytes(path.join(buildDir, decodeURIComponent(pathname).replace(/^\/+/, '')));

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

for (const [route, budget] of Object.entries(BUDGETS)) {
  test(`a first load of ${route} stays within its budget of bytes and elements`, async ({page}) => {
    await page.goto(route);
    await waitForHydration(page);
    // The branding runtime loads after hydration, for the partner-config lookup: counted once it has ended.
    await expect(page.locator('html')).toHaveAttribute('data-brand-settled', /./);
    // Scripts the page ran (its own and the chunks it loaded), not those prefetched for links.
    const scripts = await scriptsStarted(page);
    const styles = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => new URL(link.href).pathname));
    expect(scripts.length, 'the page ran scripts').toBeGreaterThan(0);
    expect(styles.length, 'the page has a style sheet').toBeGreaterThan(0);

    const htmlFile = `${route === '/' ? '/index' : route}.html`;
    const html = readFileSync(path.join(buildDir, htmlFile), 'utf8');
    const measured = {
      scriptsKb: kb(scripts.reduce((sum, pathname) => sum + sentBytesAt(pathname), 0)),
      cssKb: kb(styles.reduce((sum, pathname) => sum + sentBytesAt(pathname), 0)),
      htmlKb: kb(sentBytesAt(htmlFile)),
      elements: cheerio.load(html)('*').length,
    };
    const over = (Object.keys(budget) as (keyof typeof budget)[])
      .filter((key) => measured[key] > budget[key])
      .map((key) => `${key}: ${measured[key]} against a budget of ${budget[key]}`);
    expect(over, `${route} (scripts: ${scripts.join(' ')}) measured ${JSON.stringify(measured)}; over budget:\n${over.join('\n')}`).toEqual([]);
  });
}
