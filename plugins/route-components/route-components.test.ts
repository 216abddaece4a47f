import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {ReactElement} from 'react';
import {describe, expect, it, vi} from 'vitest';
import {browserReplacementOf} from '../core-client-module.testing';
import routeComponentsPlugin, {coreComponentCreator} from '.';
import {lazily, type RouteComponent} from './lazily';

describe('route components made on first use', () => {
  it("replaces Docusaurus's ComponentCreator, and only in the browser bundle", () => {
    const core = coreComponentCreator(process.cwd());
    const [pattern, replacement] = browserReplacementOf(routeComponentsPlugin({siteDir: process.cwd()} as never));
    expect(pattern.test(core)).toBe(true);
    // The replacement's own import of the original carries a query, so it is not replaced again.
    expect(pattern.test(`${core}?original`)).toBe(false);
    expect(readFileSync(replacement, 'utf8')).toContain("from '@docusaurus/core/lib/client/exports/ComponentCreator.js?original'");
  });

  // The lazy component stands in for what ComponentCreator returns: a Docusaurus upgrade that
  // reads more of a route component than `preload`, or changes ComponentCreator's signature,
  // fails here.
  it('stands in for everything Docusaurus reads of a route component', () => {
    const core = coreComponentCreator(process.cwd());
    expect(readFileSync(core, 'utf8')).toContain('export default function ComponentCreator(path, hash) {');
    const clientDir = path.dirname(path.dirname(core));
    const uses: string[] = [];
    for (const dir of [clientDir, path.join(clientDir, 'exports')]) {
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
        for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(/route\.component\b[^\s;,)]*/g)) uses.push(`${file}: ${match[0]}`);
      }
    }
    expect(uses).toEqual(['preload.js: route.component.preload?.(']);
  });

  it('makes the real component once, on the first preload or render', async () => {
    const real = Object.assign(() => null, {preload: vi.fn(() => Promise.resolve('loaded'))}) as unknown as RouteComponent;
    const create = vi.fn(() => real);
    const make = lazily(create);
    const routes = [make('/docs', 'a1'), make('/docs/intro', 'b2'), make('/search', 'c3')];
    expect(create).not.toHaveBeenCalled();
    await expect(routes[1].preload!()).resolves.toBe('loaded');
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith('/docs/intro', 'b2');
    const element = (routes[1] as (props: Record<string, unknown>) => ReactElement)({location: '/docs/intro'});
    expect(element.type).toBe(real);
    expect(element.props).toEqual({location: '/docs/intro'});
    expect(create).toHaveBeenCalledTimes(1);
    // A route rendered without a preload first (none does in Docusaurus) is made then.
    (routes[0] as (props: Record<string, unknown>) => ReactElement)({});
    expect(create).toHaveBeenCalledTimes(2);
    expect(create).toHaveBeenLastCalledWith('/docs', 'a1');
  });
});
