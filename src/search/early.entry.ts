/**
 * The early script as the /search page runs it (see `early.ts`): its settings come from
 * its own <script> element's `data-config`, the results go into the page's
 * `[data-early-results]` place, built from its `<template data-result-template>`. The build
 * puts it after the app's root, before the app's loader; without a query, the page's first
 * script has added the preload link of the index's entry file instead (`workerStarterSource`).
 */
import {EARLY_RESULTS_ATTRIBUTE, EARLY_RESULTS_SHOWN, EARLY_TAKEN_ATTRIBUTE, QUERY_TITLE_ATTRIBUTE, RESULT_TEMPLATE_ATTRIBUTE, takeStartedWorker, type EarlyConfig} from './earlyHandover';
import {offer, sameSiteHref, startEarlySearch} from './early';
import {RESULTS_PER_PAGE, snippetWords, type PageResult, type TextPart} from './resultsPage';

function fill(element: Element, parts: TextPart[]): void {
  element.replaceChildren(
    ...parts.map((part) => {
      if (!part.match) return document.createTextNode(part.text);
      const mark = document.createElement('mark');
      mark.textContent = part.text;
      return mark;
    }),
  );
}

function resultElement(template: HTMLTemplateElement, result: PageResult, href: string): Element | null {
  const article = template.content.firstElementChild?.cloneNode(true) as Element | undefined;
  const link = article?.querySelector('a');
  const crumbs = article?.querySelector('ul');
  const snippet = article?.querySelector('p');
  if (!article || !link || !crumbs || !snippet) return null;
  link.setAttribute('href', href);
  fill(link, result.title);
  if (result.breadcrumbs.length > 0) {
    const item = crumbs.firstElementChild;
    crumbs.replaceChildren(
      ...result.breadcrumbs.map((crumb) => {
        const li = (item?.cloneNode(false) ?? document.createElement('li')) as Element;
        fill(li, crumb);
        return li;
      }),
    );
  } else crumbs.closest('nav')?.remove();
  if (result.snippet) fill(snippet, result.snippet);
  else snippet.remove();
  return article;
}

function render(query: string, results: PageResult[]): void | Promise<void> {
  const show = () => {
    const place = document.querySelector(`[${EARLY_RESULTS_ATTRIBUTE}]`);
    const template = document.querySelector<HTMLTemplateElement>(`template[${RESULT_TEMPLATE_ATTRIBUTE}]`);
    // The app has started rendering results itself, or this is not the page expected.
    if (!place || !template || place.hasAttribute(EARLY_TAKEN_ATTRIBUTE) || results.length === 0) return;
    const list = document.createElement('div');
    for (const result of results.slice(0, RESULTS_PER_PAGE)) {
      const href = sameSiteHref(result.url, location.href);
      const element = href && resultElement(template, result, href);
      if (element) list.append(element);
    }
    const title = document.querySelector(`h1[${QUERY_TITLE_ATTRIBUTE}]`);
    const wording = title?.getAttribute(QUERY_TITLE_ATTRIBUTE);
    if (title && wording) {
      // The document's title starts with the heading's empty-search wording; the site's name follows.
      const empty = title.textContent ?? '';
      const titled = wording.replace('{query}', query);
      if (empty && document.title.startsWith(empty)) document.title = titled + document.title.slice(empty.length);
      title.textContent = titled;
    }
    const input = document.querySelector<HTMLInputElement>('main form[role="search"] input[name="q"]');
    if (input && !input.value) input.value = query;
    place.replaceChildren(list);
    place.setAttribute(EARLY_RESULTS_ATTRIBUTE, EARLY_RESULTS_SHOWN);
  };
  // The place comes before the template, and the template's last element is the snippet's:
  // with that parsed, the results can be shown while the parser is still on the rest of the
  // page. The build puts this script after the app's root, so that holds when it runs; the
  // check stays for a page built otherwise.
  const parsed = () => document.readyState !== 'loading' || Boolean(document.querySelector<HTMLTemplateElement>(`template[${RESULT_TEMPLATE_ATTRIBUTE}]`)?.content.querySelector('p'));
  if (parsed()) return show();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(show()), {once: true}));
}

(() => {
  try {
    const script = document.currentScript;
    const config = JSON.parse(script?.getAttribute('data-config') ?? 'null') as EarlyConfig | null;
    if (!config) return;
    // This script comes after the results' place: the server's results, if any, are parsed.
    const resultsInPage = document.querySelector(`[${EARLY_RESULTS_ATTRIBUTE}="${EARLY_RESULTS_SHOWN}"]`) !== null;
    const begin = () => {
      try {
        const early = startEarlySearch({
          href: location.href,
          config,
          // The page's first script may have started it already (`workerStarterSource`).
          startWorker: (url, name) => takeStartedWorker(url, window) ?? {worker: new Worker(url, {name}), missed: []},
          snippetWords: snippetWords(),
          render,
          resultsInPage,
          // As the app's client marks it (INDEX_STATUS_ATTRIBUTE in localSearch.ts).
          onStatus: (status) => document.documentElement.setAttribute('data-search-index', status),
        });
        if (early) offer(window, early);
      } catch (error) {
        console.warn('Search results wait for the app:', error);
      }
    };
    // With the results in the page, the worker (for the app's whole list) starts once the
    // page has painted: on a slow device its start would take a core from the first paint.
    if (resultsInPage) requestAnimationFrame(() => setTimeout(begin, 0));
    else begin();
  } catch (error) {
    console.warn('Search results wait for the app:', error);
  }
})();
