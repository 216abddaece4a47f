import {existsSync, readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {browserReplacementOf} from '../core-client-module.testing';
import startupTasksPlugin, {coreClientEntry} from '.';
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
