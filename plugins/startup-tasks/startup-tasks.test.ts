import {existsSync, readFileSync} from 'node:fs';
import {Component, createElement, type ComponentType, type ReactNode} from 'react';
import {renderToString} from 'react-dom/server';
import * as helmet from 'react-helmet-async';
import {describe, expect, it} from 'vitest';
import {browserReplacementOf} from '../core-client-module.testing';
import startupTasksPlugin, {coreClientEntry} from '.';
import {headAfterHydration} from './headAfterHydration';
import {nextTask} from './nextTask';

describe('the client entry in tasks', () => {
  it("replaces Docusaurus's client entry, and only in the browser bundle", () => {
    const core = coreClientEntry(process.cwd());
    const [pattern, replacement] = browserReplacementOf(startupTasksPlugin({siteDir: process.cwd()} as never));
    expect(pattern.test(core)).toBe(true);
    expect(pattern.test(core.replace('clientEntry.js', 'serverEntry.js'))).toBe(false);
    expect(existsSync(replacement)).toBe(true);
  });

  // The replacement repeats the original's steps: a Docusaurus upgrade that changes them
  // fails here, so that the change is carried over to ./clientEntry.
  it("does what the installed Docusaurus's entry does, module for module", () => {
    const original = readFileSync(coreClientEntry(process.cwd()), 'utf8');
    const ours = readFileSync(require.resolve('./clientEntry.tsx'), 'utf8');
    const imported = [...original.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imported).toEqual(['react', 'react-dom/client', 'react-helmet-async', 'react-router-dom', '@generated/docusaurus.config', './exports/ExecutionEnvironment', './App', './preload', './docusaurus']);
    for (const step of ['window.docusaurus = docusaurus', "document.getElementById('__docusaurus')", 'ReactDOM.hydrateRoot(container, app, {', 'ReactDOM.createRoot(container, { onRecoverableError })', 'preload(window.location.pathname).then(() => {', 'startTransition(renderApp);', "siteConfig.future.experimental_router === 'hash'"]) {
      expect(original, step).toContain(step);
    }
    for (const module of ['@generated/routes', '@docusaurus/core/lib/client/docusaurus', '@docusaurus/core/lib/client/preload', '@docusaurus/core/lib/client/App', 'react-dom/client', 'react-helmet-async', 'react-router-dom', '@generated/docusaurus.config']) {
      expect(ours, module).toContain(`require('${module}')`);
    }
    expect(ours).toContain('preload(window.location.pathname)');
    expect(ours).toContain('React.startTransition(renderApp)');
  });

  it('goes on in a new task, after the microtasks already queued', async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await waited;
    expect(order[0]).toBe('microtask');
    expect(order).toContain('next task');
  });
});

describe('the head after hydration', () => {
  type HeadState = {helmet?: {title: {toString(): string}}};
  /** The server head strings a provider's <Head> elements leave in its context. */
  function titleGathered(Provider: ComponentType<{context: HeadState; children?: ReactNode}>): string {
    const context: HeadState = {};
    const head = (title: string) => createElement(helmet.Helmet, {key: title}, createElement('title', null, title));
    renderToString(createElement(Provider, {context}, [head('First'), head('Second')]));
    return context.helmet!.title.toString();
  }

  it('lists no <Head> to the merges each one makes while the page hydrates', () => {
    const {HelmetProvider} = helmet as unknown as {HelmetProvider: {canUseDOM: boolean} & ComponentType<{context: HeadState; children?: ReactNode}>};
    const before = HelmetProvider.canUseDOM;
    // As in a browser, where the switch is on until the start-up turns it off.
    HelmetProvider.canUseDOM = true;
    try {
      const {Provider} = headAfterHydration(helmet);
      expect(HelmetProvider.canUseDOM).toBe(false);
      // The provider as it comes: each <Head> merges every one mounted so far.
      expect(titleGathered(HelmetProvider)).toContain('>Second</title>');
      // The start-up's: nothing to merge before hydration.
      expect(titleGathered(Provider as never)).not.toMatch(/First|Second/);
    } finally {
      HelmetProvider.canUseDOM = before;
    }
  });

  it('fails loudly where react-helmet-async no longer has what it relies on', () => {
    expect(() => headAfterHydration({HelmetProvider: class {}, Helmet: () => null})).toThrow(/canUseDOM switch/);
    const WithoutRegistry = Object.assign(
      class extends Component<{children: ReactNode}> {
        render() {
          return this.props.children;
        }
      },
      {canUseDOM: true},
    );
    const {Provider} = headAfterHydration({HelmetProvider: WithoutRegistry, Helmet: () => null});
    expect(() => renderToString(createElement(Provider, null, 'page'))).toThrow(/<Head> registry/);
  });
});
