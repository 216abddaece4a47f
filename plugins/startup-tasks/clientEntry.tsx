/**
 * Docusaurus's client entry (@docusaurus/core/lib/client/clientEntry.js, which this module
 * replaces in the browser bundle), with the same steps in tasks of their own.
 *
 * The original runs in the task that evaluates the bundle: it evaluates every module of the
 * app, then builds the route table (a loadable component per route, so a cost that grows
 * with the site), then matches the page's route (compiling a pattern per route it tries).
 * On a slow phone that was one task of 250-400 ms, the longest of a first load, in which the
 * page cannot answer a tap. Here each step waits for a new task, so the browser can paint
 * and handle input in between: route table, route match (which starts the page's chunks
 * loading), then the app's modules and hydration. What the steps do, and their order, is
 * unchanged, with one addition: the document head is written once the page has hydrated,
 * not while it does (./headAfterHydration). Modules are taken with `require` inside the
 * steps so that each is evaluated in its step; they stay in the same bundle, with no extra
 * request.
 */
import type {ComponentType, ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {headAfterHydration} from './headAfterHydration';
import {nextTask} from './nextTask';

async function start(): Promise<void> {
  await nextTask();
  // The route table: a loadable component per route, and the chunk registry behind them.
  require('@generated/routes');
  await nextTask();
  // window.docusaurus (prefetch and preload for links), then the page's route: its chunks
  // start loading here, and the next steps run while they arrive.
  window.docusaurus = require('@docusaurus/core/lib/client/docusaurus').default;
  const preload = require('@docusaurus/core/lib/client/preload').default as (pathname: string) => Promise<unknown>;
  const loaded = preload(window.location.pathname);
  await nextTask();
  // The app's modules: theme, client modules, the site's own components.
  const React = require('react') as typeof import('react');
  const {default: App} = require('@docusaurus/core/lib/client/App') as {default: ComponentType};
  await nextTask();
  const ReactDOM = require('react-dom/client') as typeof import('react-dom/client');
  const helmet = require('react-helmet-async') as typeof import('react-helmet-async');
  // The head is written once the page has hydrated (see ./headAfterHydration).
  const {Provider: HelmetProvider, HeadAfterHydration} = headAfterHydration(helmet);
  type Wrapper = ComponentType<{children: ReactNode}>;
  const {BrowserRouter, HashRouter} = require('react-router-dom') as {BrowserRouter: Wrapper; HashRouter: Wrapper};
  const siteConfig = require('@generated/docusaurus.config').default as {future: {experimental_router?: string}};
  const Router = siteConfig.future.experimental_router === 'hash' ? HashRouter : BrowserRouter;
  const app = (
    <HelmetProvider>
      <Router>
        <App />
        <HeadAfterHydration />
      </Router>
    </HelmetProvider>
  );
  const onRecoverableError = (error: unknown, errorInfo: unknown) => {
    console.error('Docusaurus React Root onRecoverableError:', error, errorInfo);
  };
  const container = document.getElementById('__docusaurus')!;
  const renderApp = () => {
    if (window.docusaurusRoot) {
      window.docusaurusRoot.render(app);
      return;
    }
    if (process.env.HYDRATE_CLIENT_ENTRY) {
      window.docusaurusRoot = ReactDOM.hydrateRoot(container, app, {onRecoverableError});
    } else {
      const root = ReactDOM.createRoot(container, {onRecoverableError});
      root.render(app);
      window.docusaurusRoot = root;
    }
  };
  await loaded;
  React.startTransition(renderApp);
}

if (ExecutionEnvironment.canUseDOM) {
  void start();
  // Webpack's hot module replacement (development): this module accepts its own updates.
  const hot = (module as unknown as {hot?: {accept: () => void}}).hot;
  hot?.accept();
}
