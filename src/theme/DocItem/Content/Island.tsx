/**
 * The body of the first page a reader loads, kept as the server rendered it. Hydrating
 * it would only rebuild what the HTML already shows, and on a long guide or an API page
 * that was the largest part of the start-up work (see scripts/bench/stock-compare.ts). So
 * React adopts one empty element here and leaves its content alone, as CodeBlock/Content
 * does for code; what in a page body needs script is given it by hand:
 * - links to other pages open in the app (click) and load ahead (hover, touch, viewport),
 *   as Docusaurus' <Link> does;
 * - code blocks get the theme's copy and word-wrap buttons, which it never server-renders,
 *   rendered into each block through a portal as the block comes into view;
 * - API code-sample tabs switch (ApiCodeSamples' enhanceSampleTabs);
 * - an API page's "Try it" button loads and opens its request console (ApiConsole);
 * - a click on one of these buttons before the script ran is replayed (earlyClicks);
 * - a link to a folded field list opens it, as ApiFields does (openEnclosingDetails);
 * - brand values follow the reader's brand: the runtime rewrites every marked element of
 *   the document (src/branding/runtime.ts), React-rendered or not.
 * Pages holding content that only React can run (the theme's <Tabs>, anything marked
 * `data-hydrate`) are hydrated as usual, and so is every page after a client-side
 * navigation: there is no server HTML then.
 */
import {startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {CodeBlockContextProvider, useCodeWordWrap, type CodeBlockMetadata} from '@docusaurus/theme-common/internal';
import {useHistory, useLocation} from '@docusaurus/router';
import Buttons from '@theme/CodeBlock/Buttons';
import {useBrandValues} from '@site/src/components/BrandText';
import {enhanceSampleTabs} from '@site/src/components/ApiCodeSamples';
import {enhanceConsoleOpeners} from '@site/src/components/ApiConsole';
import {openEnclosingDetails} from '@site/src/components/ApiFields';
import {loadHighlightingOnIntent} from '@site/src/theme/CodeBlock/Content';
import type {BrandValues} from '@site/src/branding/contentValues';
import {replayEarlyClicks} from '@site/src/theme/earlyClicks';
import {anchorTarget, isPlainClick, pathOf} from './routerLink';

/** Content that needs React to run: a page holding any is hydrated in full. */
const NEEDS_REACT = '.theme-tabs-container, [data-hydrate]';

/** True where the server HTML of the page body may stay as it is (called while hydrating). */
export function canKeepServerBody(): boolean {
  const body = document.querySelector(`.${ThemeClassNames.docs.docMarkdown}`);
  return body !== null && body.querySelector(NEEDS_REACT) === null;
}

/** The text of server-rendered code, with the reader's brand values where the default brand's are marked. */
function textOf(node: Node, values: BrandValues): string {
  let text = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) text += child.nodeValue ?? '';
    else if (child instanceof Element) {
      const key = child.getAttribute('data-brand-text');
      text += key && Object.hasOwn(values, key) ? values[key as keyof BrandValues] : textOf(child, values);
    }
  }
  return text;
}

function codeOf(pre: Element, values: BrandValues): string {
  const lines = pre.querySelectorAll('.token-line');
  if (lines.length === 0) return textOf(pre, values);
  return Array.from(lines, (line) => textOf(line, values)).join('\n');
}

/** The theme's copy and word-wrap buttons for one server-rendered code block. */
function CodeBlockButtons({pre}: {pre: HTMLPreElement}): ReactNode {
  const wordWrap = useCodeWordWrap();
  // Before the hook's own effects, which measure the block.
  useLayoutEffect(() => {
    wordWrap.codeBlockRef.current = pre;
  });
  const values = useBrandValues();
  const metadata = useMemo((): CodeBlockMetadata => {
    const code = codeOf(pre, values);
    const className = pre.closest('.theme-code-block')?.className ?? '';
    return {code, codeInput: code, className, language: /\blanguage-(\S+)/.exec(className)?.[1] ?? 'text', title: undefined, lineNumbersStart: undefined, lineClassNames: {}};
  }, [pre, values]);
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <Buttons />
    </CodeBlockContextProvider>
  );
}

/** Runs `task` when the browser is idle (soon after, where it cannot tell). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, {timeout: 2000});
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/** Client-side navigation and route loading for the links in `root`, as <Link> gives them. */
function routeLinks(root: HTMLElement, open: (to: string) => void): () => void {
  const linkOf = (event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    return anchor && root.contains(anchor) ? anchor : null;
  };
  const onClick = (event: MouseEvent) => {
    const anchor = linkOf(event);
    const to = anchor && isPlainClick(event) ? anchorTarget(anchor) : null;
    if (!to) return;
    event.preventDefault();
    open(to);
  };
  const preloaded = new Set<string>();
  const onIntent = (event: Event) => {
    const anchor = linkOf(event);
    const to = anchor && anchorTarget(anchor);
    if (!to || preloaded.has(pathOf(to))) return;
    preloaded.add(pathOf(to));
    void window.docusaurus.preload(pathOf(to));
  };
  root.addEventListener('click', onClick);
  root.addEventListener('pointerover', onIntent, {passive: true});
  root.addEventListener('touchstart', onIntent, {passive: true});
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('pointerover', onIntent);
    root.removeEventListener('touchstart', onIntent);
  };
}

/** Loads the routes of the links in `root` as they scroll into view, one observer for all. */
function prefetchVisibleLinks(root: HTMLElement): () => void {
  const links = Array.from(root.querySelectorAll('a[href]')).filter((anchor) => anchorTarget(anchor) !== null);
  return onceVisible(
    links,
    (shown) => shown.forEach((anchor) => void window.docusaurus.prefetch(pathOf(anchorTarget(anchor)!))),
    '0px',
  );
}

/**
 * Calls `show` with the elements that come into view (within `margin` of the viewport),
 * each once; all at once where the browser cannot tell.
 */
function onceVisible<T extends Element>(elements: T[], show: (shown: T[]) => void, margin: string): () => void {
  if (elements.length === 0) return () => {};
  if (!('IntersectionObserver' in window)) {
    show(elements);
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      const shown = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target as T);
      shown.forEach((element) => observer.unobserve(element));
      if (shown.length > 0) show(shown);
    },
    {rootMargin: margin},
  );
  elements.forEach((element) => observer.observe(element));
  return () => observer.disconnect();
}

/** Opens the folded field lists around the element the address points at, and shows it. */
function openHashTarget(root: HTMLElement, hash: string): void {
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return;
  }
  const target = id ? document.getElementById(id) : null;
  if (!target || !root.contains(target)) return;
  if (openEnclosingDetails(target)) target.scrollIntoView();
}

export default function ContentIsland(): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const history = useHistory();
  const {hash} = useLocation();
  const [codeBlocks, setCodeBlocks] = useState<HTMLPreElement[]>([]);
  // The console sends live requests to the reader's brand's API, whatever it is by then.
  const apiBase = useRef('');
  apiBase.current = useBrandValues().apiBase;

  useEffect(() => {
    const root = ref.current!;
    const open = (to: string) => {
      // As react-router's <Link>: the address already shown is replaced, not pushed again.
      const here = window.location.pathname + window.location.search + window.location.hash;
      if (to === here) history.replace(to);
      else history.push(to);
    };
    const cleanups = [enhanceSampleTabs(root), enhanceConsoleOpeners(root, () => apiBase.current), routeLinks(root, open)];
    // What the reader clicked before these handlers were here ("Try it", a sample tab) happens now.
    replayEarlyClicks(root);
    loadHighlightingOnIntent();
    // For tests and tools: this body is server HTML, and its links and tabs work.
    root.setAttribute('data-body', 'server');
    const cancelIdle = whenIdle(() => {
      cleanups.push(prefetchVisibleLinks(root));
      // Code blocks get their buttons as the reader nears them; those in hidden tab panels when shown.
      cleanups.push(
        onceVisible(
          Array.from(root.querySelectorAll<HTMLPreElement>('.theme-code-block pre')),
          (shown) => startTransition(() => setCodeBlocks((current) => [...current, ...shown])),
          '200px 0px',
        ),
      );
    });
    return () => {
      cancelIdle();
      cleanups.forEach((cleanup) => cleanup());
    };
  }, [history]);

  useEffect(() => openHashTarget(ref.current!, hash), [hash]);

  return (
    <>
      <div ref={ref} className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')} suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} />
      {codeBlocks.map((pre, index) => pre.parentElement && createPortal(<CodeBlockButtons pre={pre} />, pre.parentElement, String(index)))}
    </>
  );
}
