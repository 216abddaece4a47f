import {expect, test} from '@playwright/test';
import {axeViolations, nextFrames, scriptsStarted, waitForHydration, SEARCH_INDEX_PATIENCE} from './helpers';

test.describe('site settings', () => {
  test('page titles use the Docs title and a pipe', async ({page}) => {
    await page.goto('/docs/intro');
    await expect(page).toHaveTitle('Introduction | Docs');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('navbar links to the API reference, console and feature requests; footer has support and copyright', async ({page}) => {
    await page.goto('/');
    const navbar = page.locator('nav.navbar');
    await expect(navbar.getByRole('link', {name: 'API reference'})).toHaveAttribute('href', '/docs/api-reference');
    await expect(navbar.getByRole('link', {name: 'Console'})).toHaveAttribute('href', 'https://console.example.com');
    await expect(navbar.getByRole('link', {name: 'Feature requests'})).toHaveAttribute('href', 'https://feedback.example.com');
    await expect(navbar.locator('a.navbar__brand')).toHaveAttribute('href', '/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', {name: 'Contact support'})).toHaveAttribute('href', 'mailto:support@example.com');
    await expect(footer).toContainText('Copyright © 2025 Violet Cloud');
  });
});

test.describe('layout', () => {
  test('is mobile at 996 px and below', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await expect(page.locator('button.navbar__toggle')).toBeVisible();
    await expect(page.locator('aside.theme-doc-sidebar-container')).toBeHidden();
    await page.locator('button.navbar__toggle').click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('button', {name: /Back to main menu/})).toBeVisible();
  });

  test('makes the phone menu when the reader reaches for its button, by touch or by keyboard', async ({browser}) => {
    // src/theme/Navbar/MobileSidebar: not built after hydration, but before the tap or key that opens it.
    const context = await browser.newContext({viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true});
    const page = await context.newPage();
    await page.goto('/docs/api-reference');
    await waitForHydration(page);
    const sidebar = page.locator('.navbar-sidebar');
    await nextFrames(page);
    await expect(sidebar).toHaveCount(0);
    await page.locator('button.navbar__toggle').tap();
    await expect(sidebar).toBeVisible();
    await expect(sidebar.locator('.menu__link').first()).toBeVisible();
    await context.close();

    const keyboard = await browser.newPage({viewport: {width: 390, height: 844}});
    await keyboard.goto('/docs/intro');
    await waitForHydration(keyboard);
    await expect(keyboard.locator('.navbar-sidebar')).toHaveCount(0);
    await keyboard.locator('button.navbar__toggle').focus();
    await keyboard.keyboard.press('Enter');
    await expect(keyboard.locator('.navbar-sidebar')).toBeVisible();
    await expect(keyboard.locator('.navbar-sidebar').getByRole('link', {name: 'Introduction', exact: true})).toBeVisible();
    await keyboard.close();
  });

  test('on a phone leaves the hidden desktop sidebar and table of contents unhydrated, and renders them when the window grows', async ({page}) => {
    // src/components/DesktopOnly: the server's desktop-only parts are adopted, not hydrated, until the theme drops them.
    await page.addInitScript(() => {
      const removed: {kind: string; hydrated: boolean}[] = [];
      (window as unknown as {removedLinks: typeof removed}).removedLinks = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.removedNodes)) {
            if (!(node instanceof Element)) continue;
            for (const link of Array.from(node.querySelectorAll('.menu__link, .table-of-contents__link'))) {
              removed.push({kind: link.classList.contains('menu__link') ? 'sidebar' : 'toc', hydrated: Object.keys(link).some((key) => key.startsWith('__reactFiber'))});
            }
          }
        }
      }).observe(document, {childList: true, subtree: true});
    });
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/api-reference/core-resources/virtual-machines/manage/hibernate');
    await waitForHydration(page);
    const aside = page.locator('aside.theme-doc-sidebar-container');
    await expect(aside.locator('.menu__link')).toHaveCount(0);
    await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
    const removed = await page.evaluate(() => (window as unknown as {removedLinks: {kind: string; hydrated: boolean}[]}).removedLinks);
    expect(removed.filter((link) => link.kind === 'sidebar').length).toBeGreaterThan(20);
    expect(removed.filter((link) => link.kind === 'toc').length).toBeGreaterThan(3);
    expect(removed.filter((link) => link.hydrated)).toEqual([]);
    // Desktop, below the width where an API page's samples take the table of contents' place.
    await page.setViewportSize({width: 1200, height: 900});
    // What React renders then works: an open sidebar category folds, and the table of contents is back.
    const category = aside.getByRole('button', {name: 'Manage state', exact: true});
    await expect(category).toHaveAttribute('aria-expanded', 'true');
    await category.click();
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('.theme-doc-toc-desktop .table-of-contents__link').first()).toBeVisible();
  });

  test('is desktop above 996 px', async ({page}) => {
    await page.setViewportSize({width: 997, height: 800});
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await expect(page.locator('button.navbar__toggle')).toBeHidden();
    await expect(page.locator('aside.theme-doc-sidebar-container')).toBeVisible();
    await expect(page.locator('.table-of-contents').first()).toBeVisible();
  });

  // A second typeface on a page costs its first layout a font lookup per size and weight, and
  // reads as a mismatch: buttons and inputs take the browser's own font unless told otherwise.
  for (const route of ['/', '/docs/intro', '/docs/api-reference/core-resources/virtual-machines/manage/hibernate', '/search?q=volume']) {
    test(`sets every text of ${route} in the site's typeface, or the code font`, async ({page}) => {
      await page.goto(route);
      await waitForHydration(page);
      const faces = await page.evaluate(() => {
        const body = getComputedStyle(document.body).fontFamily;
        const probe = document.createElement('code');
        document.body.append(probe);
        const code = getComputedStyle(probe).fontFamily;
        probe.remove();
        const others = new Set<string>();
        for (const element of Array.from(document.querySelectorAll('body *'))) {
          const hasText = Array.from(element.childNodes).some((node: ChildNode) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
          if (!hasText || element.getClientRects().length === 0) continue;
          const family = getComputedStyle(element).fontFamily;
          if (family !== body && family !== code) others.add(`${element.tagName.toLowerCase()}.${element.className}: ${family}`);
        }
        return [...others];
      });
      expect(faces).toEqual([]);
    });
  }

  // plugins/doc-shell: the docs layout and the version's data come in one chunk.
  for (const route of ['/docs/intro', '/docs/api-reference/core-resources/virtual-machines/manage/hibernate']) {
    test(`of ${route} comes in one chunk beside the page's own, on a first load`, async ({page}) => {
      await page.goto(route);
      await waitForHydration(page);
      const scripts = (await scriptsStarted(page)).map((pathname) => pathname.replace(/^.*\//, ''));
      expect(scripts.filter((name) => name.startsWith('doc-shell.')), scripts.join(' ')).toHaveLength(1);
      // The runtime, main, the shell, the page's content and the branding runtime: eleven before the shell.
      expect(scripts.length, scripts.join(' ')).toBeLessThanOrEqual(5);
    });
  }
});

test('colour mode toggle persists across reloads', async ({page}) => {
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.locator('.navbar button[title*="mode"]').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

// plugins/startup-tasks/headAfterHydration: the server's head stands until the page has hydrated.
test('the head is left as the server wrote it while the page hydrates, and follows the app after', async ({page}) => {
  const route = '/docs/api-reference/core-resources/virtual-machines/manage/hibernate';
  await page.addInitScript(() => {
    const changes: string[] = [];
    (window as unknown as {headChanges: string[]}).headChanges = changes;
    // From the end of parsing (the parser's own insertions are not changes) to hydration's end.
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        if (document.documentElement.getAttribute('data-has-hydrated') === 'true') return;
        for (const record of records) {
          for (const [sign, nodes] of [['+', record.addedNodes], ['-', record.removedNodes]] as const) {
            for (const node of Array.from(nodes)) if (node instanceof Element && node.hasAttribute('data-rh')) changes.push(`${sign} ${node.outerHTML.slice(0, 100)}`);
          }
          if (record.type === 'attributes' && (record.target as Element).hasAttribute('data-rh')) changes.push(`~ ${(record.target as Element).outerHTML.slice(0, 100)}`);
        }
      }).observe(document.head, {childList: true, attributes: true, subtree: true});
    });
  });
  const response = await page.request.get(route);
  const serverTitle = /<title[^>]*>([^<]*)<\/title>/.exec(await response.text())?.[1];
  await page.goto(route);
  await waitForHydration(page);
  expect(await page.evaluate(() => (window as unknown as {headChanges: string[]}).headChanges)).toEqual([]);
  expect(await page.title()).toBe(serverTitle);
  const description = page.locator('head meta[name="description"]');
  const before = await description.getAttribute('content');
  expect(before).toBeTruthy();

  // In the app, the head follows each page.
  await page.locator('nav.theme-doc-breadcrumbs a[href="/docs/api-reference"]').first().click();
  await expect(page).toHaveTitle(/^API reference \| Docs$/);
  await expect(description).not.toHaveAttribute('content', before!);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/docs\/api-reference$/);
  await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', '/docs/api-reference.md');
});

test('headings carry "Direct link to" anchors', async ({page}) => {
  await page.goto('/docs/faq');
  const h2 = page.locator('article h2').first();
  const text = (await h2.innerText()).replace(/\u200b/g, '').trim();
  await expect(h2.locator('a.hash-link')).toHaveAttribute('aria-label', `Direct link to ${text}`);
  const id = await h2.getAttribute('id');
  await expect(h2.locator('a.hash-link')).toHaveAttribute('href', `#${id}`);
});

test('table of contents lists h2 and h3 headings only', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto('/docs/intro');
  const tocTargets = await page.locator('.table-of-contents a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const headingIds = await page.locator('article h2[id], article h3[id]').evaluateAll((hs) => hs.map((h) => `#${h.id}`));
  const deeperIds = await page.locator('article h4[id], article h5[id], article h6[id]').evaluateAll((hs) => hs.map((h) => `#${h.id}`));
  expect(tocTargets.length).toBeGreaterThan(3);
  expect(tocTargets).toEqual(headingIds);
  expect(tocTargets.filter((t) => deeperIds.includes(t ?? ''))).toEqual([]);
  expect(await page.locator('.table-of-contents ul ul ul').count()).toBe(0);
});

test('a dismissed announcement stays dismissed', async ({page}) => {
  await page.goto('/');
  await waitForHydration(page);
  const bar = page.getByRole('banner').filter({hasText: 'H100 SXM5'});
  await expect(bar).toBeVisible();
  await bar.getByRole('button', {name: 'Close'}).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText('Eight-GPU H100 SXM5')).toBeHidden();
});

test('the skip link moves focus to the content', async ({page}) => {
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', {name: 'Skip to main content'});
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(skip).not.toBeFocused();
  // Focus moves to <main>: the next Tab stop is inside the content, past the navbar and sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('an unknown path shows the not-found page with status 404', async ({page}) => {
  const response = await page.goto('/docs/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
  await expect(page.getByRole('link', {name: 'Start from the introduction'})).toBeVisible();
});

test('.html and /index.html addresses redirect to the clean URL', async ({page}) => {
  for (const address of ['/docs/intro.html', '/docs/intro/index.html']) {
    const response = await page.goto(address);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/docs/intro');
  }
});

test('the home page leads into every section and into search', async ({page}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', {level: 1})).toContainText('Violet Cloud');
  const cards = page.locator('main ul li a');
  expect(await cards.count()).toBe(13);
  const search = page.getByRole('searchbox', {name: 'Search the documentation'});
  await expect(search).toHaveAttribute('maxlength', '64');
});

for (const [kind, path] of [
  ['home', '/'],
  ['doc', '/docs/getting-started'],
  ['api overview', '/docs/api-reference'],
  ['search results', '/search?q=volume'],
  ['not found', '/docs/no-such-page'],
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${kind} page (${theme}) has no serious or critical accessibility violations`, async ({page}) => {
      if (kind === 'search results') test.setTimeout(SEARCH_INDEX_PATIENCE + 60_000);
      const url = new URL(path, 'http://site');
      url.searchParams.set('docusaurus-theme', theme);
      await page.goto(url.pathname + url.search);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // Scan the results page with its results in it, not while it is still loading.
      if (kind === 'search results') {
        await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
        await expect(page.locator('article h2 a').first()).toBeVisible();
      }
      const violations = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    });
  }
}

test('without a tag-manager container no third-party script or request is made', async ({page}) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && url.protocol.startsWith('http')) foreign.push(request.url());
  });
  await page.goto('/docs/getting-started');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
  expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
});

test('pages stay readable with JavaScript off', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto('/docs/getting-started');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Getting started');
  await expect(page.locator('article')).toContainText('Violet Cloud');
  await context.close();
});

test.describe('code blocks', () => {
  const firstBashBlock = '.theme-code-block.language-bash';
  const plainTokenSpans = '.theme-code-block .token.plain:not([style]), .theme-code-block .token.punctuation';

  test('keep their server-rendered highlighting through hydration, in both colour modes', async ({page}) => {
    await page.goto('/docs/getting-started?docusaurus-theme=dark');
    await waitForHydration(page);
    const block = page.locator(firstBashBlock).first();
    await expect(block.locator('.token').first()).toBeAttached();
    // Text in the line's own colour is bare text, not a span per token (CodeBlock/Line).
    await expect(page.locator(plainTokenSpans)).toHaveCount(0);
    const background = await block.locator('pre').evaluate((pre) => getComputedStyle(pre).backgroundColor);
    expect(background).toBe('rgb(22, 27, 34)');
    await page.locator('.navbar button[title*="mode"]').first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await block.locator('pre').evaluate((pre) => getComputedStyle(pre).backgroundColor)).toBe('rgb(246, 248, 250)');
  });

  test('keep their server-rendered elements through hydration instead of rendering them again', async ({page}) => {
    await page.addInitScript((selector) => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as {serverBlock: Element | null}).serverBlock = document.querySelector(`${selector} pre`);
      });
    }, firstBashBlock);
    await page.goto('/docs/getting-started');
    await waitForHydration(page);
    // Past the moment the theme's own code block would remount: its effects run right after hydration.
    await nextFrames(page, 3);
    const same = await page.evaluate((selector) => {
      const before = (window as unknown as {serverBlock: Element | null}).serverBlock;
      return before !== null && before === document.querySelector(`${selector} pre`) && before.isConnected;
    }, firstBashBlock);
    expect(same).toBe(true);
  });

  test('copy their code to the clipboard', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/docs/getting-started');
    await waitForHydration(page);
    const block = page.locator(firstBashBlock).first();
    const code = (await block.locator('code').innerText()).trim();
    await block.hover();
    await block.getByRole('button', {name: /copy/i}).click();
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(code);
  });

  test('render highlighted after a client-side navigation', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.locator('aside').getByRole('link', {name: 'Getting started'}).click();
    await expect(page).toHaveURL(/\/docs\/getting-started$/);
    await expect(page.locator(firstBashBlock).first().locator('.token').first()).toBeAttached();
    await expect(page.locator(plainTokenSpans)).toHaveCount(0);
  });
});

test.describe('the body of the page a reader loads', () => {
  // Kept as the server rendered it (src/theme/DocItem/Content/Island.tsx): React adopts one
  // element and gives what needs script its behaviour by hand.
  const GUIDE = '/docs/libraries/go';
  const body = '.theme-doc-markdown';

  test('stays the server HTML, with its links opening in the app and a rendered body on the way back', async ({page}) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|recoverable|Minified React error/i.test(message.text())) errors.push(message.text());
    });
    await page.addInitScript((selector) => {
      const state = window as unknown as {serverBody: Element | null; removed: number};
      state.removed = 0;
      document.addEventListener('DOMContentLoaded', () => {
        state.serverBody = document.querySelector(selector);
        new MutationObserver((records) => {
          for (const record of records) state.removed += record.removedNodes.length;
        }).observe(state.serverBody!, {childList: true, subtree: true});
      });
    }, body);
    await page.setViewportSize({width: 1280, height: 900});
    await page.goto(GUIDE);
    await waitForHydration(page);
    await expect(page.locator(body)).toHaveAttribute('data-body', 'server');
    const kept = await page.evaluate((selector) => {
      const state = window as unknown as {serverBody: Element | null; removed: number};
      return {same: state.serverBody === document.querySelector(selector), removed: state.removed};
    }, body);
    expect(kept).toEqual({same: true, removed: 0});
    expect(errors).toEqual([]);

    // A link in the body opens its page in the app: no new document is loaded.
    await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
    const link = page.locator(`${body} p a[href="/docs/api-reference"]`).first();
    await link.click();
    await expect(page).toHaveURL(/\/docs\/api-reference$/);
    await expect(page.locator(`${body} h1`)).toHaveText('API reference');
    expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
    // That page's body is React's, and so is the first page's when the reader goes back.
    await expect(page.locator(body)).not.toHaveAttribute('data-body', /.*/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${GUIDE}$`));
    await expect(page.locator(`${body} h1`)).toHaveText('Go client');
    await expect(page.locator(`${body} .theme-code-block`).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
  });

  test('prefetches the pages its links lead to, each chunk once and none the page has loaded', async ({page}) => {
    // plugins/route-prefetch: the chunks of a linked page are asked for once the link is in view.
    await page.setViewportSize({width: 1280, height: 900});
    await page.goto(GUIDE);
    await waitForHydration(page);
    const prefetched = () => page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    await expect.poll(async () => (await prefetched()).length).toBeGreaterThan(0);
    // Far down, in a folded group of the method reference, a link to a page no link above
    // leads to: its chunks are added once the group is opened and the link shows.
    const before = (await prefetched()).length;
    const far = page.locator(`${body} a[href="/docs/api-reference/billing-resources/last-day-usage"]`).first();
    await far.locator('xpath=ancestor::details[1]/summary').click();
    await far.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await prefetched()).length).toBeGreaterThan(before);
    const hrefs = await prefetched();
    expect(hrefs.every((href) => /^\/assets\/js\/[\w.~-]+\.js$/.test(href)), hrefs.join(' ')).toBe(true);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    const ownScripts = await scriptsStarted(page);
    expect(ownScripts.length).toBeGreaterThan(2);
    expect(hrefs.filter((href) => ownScripts.includes(href))).toEqual([]);
  });

  test('gives its code blocks working copy and word-wrap buttons', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({width: 390, height: 844});
    await page.goto(GUIDE);
    await waitForHydration(page);
    await expect(page.locator(body)).toHaveAttribute('data-body', 'server');
    // The first block wider than a phone: the theme offers word wrap for it.
    const index = await page.locator(`${body} .theme-code-block pre`).evaluateAll((pres) => pres.findIndex((pre) => pre.scrollWidth > pre.clientWidth));
    expect(index).toBeGreaterThanOrEqual(0);
    const wide = page.locator(`${body} .theme-code-block`).nth(index);
    await wide.scrollIntoViewIfNeeded();
    const wrap = wide.getByRole('button', {name: 'Toggle word wrap'});
    await wrap.click();
    await expect(wide.locator('code')).toHaveCSS('white-space', 'pre-wrap');
    const code = await wide.locator('code').evaluate((element) => Array.from(element.querySelectorAll('.token-line'), (line) => line.textContent).join('\n'));
    await wide.getByRole('button', {name: /copy/i}).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test('starts no collator for the code-block buttons or the phone menu (plugins/key-order)', async ({page}) => {
    // A page's first localeCompare starts ICU's collator: some 30 ms of a phone's main thread.
    await page.addInitScript(() => {
      const callers: string[] = [];
      (window as unknown as {collatorCallers: string[]}).collatorCallers = callers;
      const original = String.prototype.localeCompare;
      String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof original>) {
        callers.push(new Error('localeCompare').stack ?? '');
        return original.apply(this, args);
      };
    });
    await page.setViewportSize({width: 390, height: 844});
    await page.goto(GUIDE);
    await waitForHydration(page);
    const block = page.locator(`${body} .theme-code-block`).first();
    await block.scrollIntoViewIfNeeded();
    await expect(block.getByRole('button', {name: /copy/i})).toBeAttached();
    await page.locator('button.navbar__toggle').click();
    await expect(page.locator('.navbar-sidebar .menu__link').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {collatorCallers: string[]}).collatorCallers)).toEqual([]);
  });

  test('is hydrated in full where it holds the theme tabs, which then switch', async ({page}) => {
    await page.goto('/docs/ai-studio/inference');
    await waitForHydration(page);
    const tabs = page.locator('.theme-tabs-container [role="tab"]');
    await tabs.filter({hasText: 'Python'}).click();
    await expect(tabs.filter({hasText: 'Python'})).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator(body)).not.toHaveAttribute('data-body', /.*/);
  });
});
