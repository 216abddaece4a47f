import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {CLICKS_LIVE_ATTRIBUTE, EARLY_CLICK_ATTRIBUTE, EARLY_CLICK_LIMIT, earlyClickScript, replayEarlyClicks} from './earlyClicks';

/** Just enough of a DOM for the head script and the replay: elements in a tree, attributes, clicks. */
class FakeElement {
  attributes = new Map<string, string>();
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  clicks = 0;
  isConnected = true;
  constructor(readonly name: string, attributes: string[] = []) {
    for (const attribute of attributes) this.attributes.set(attribute, '');
  }
  append(child: FakeElement): FakeElement {
    child.parent = this;
    this.children.push(child);
    return child;
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  /** Only the `[attribute]` selectors the script uses. */
  closest(selector: string): FakeElement | null {
    const attribute = /^\[([\w-]+)\]$/.exec(selector)?.[1];
    if (!attribute) throw new Error(`unexpected selector ${selector}`);
    for (let at: FakeElement | null = this; at; at = at.parent) if (at.attributes.has(attribute)) return at;
    return null;
  }
  contains(other: FakeElement): boolean {
    for (let at: FakeElement | null = other; at; at = at.parent) if (at === this) return true;
    return false;
  }
  click(): void {
    this.clicks += 1;
  }
}

let html: FakeElement;
let listener: (event: {target: FakeElement}) => void;
let page: {body: FakeElement; island: FakeElement; tryIt: FakeElement; tab: FakeElement; elsewhere: FakeElement; plain: FakeElement};

/** The handlers of `root` are attached. */
const replay = (root: FakeElement) => replayEarlyClicks(root as unknown as HTMLElement);

/** What the reader does before the page's script ran: a click, as the browser dispatches it. */
const readerClicks = (target: FakeElement) => listener({target});

beforeEach(() => {
  html = new FakeElement('html');
  const body = html.append(new FakeElement('body'));
  const island = body.append(new FakeElement('div'));
  const tryIt = island.append(new FakeElement('button', [EARLY_CLICK_ATTRIBUTE]));
  const tab = island.append(new FakeElement('button', [EARLY_CLICK_ATTRIBUTE]));
  const plain = island.append(new FakeElement('button'));
  const elsewhere = body.append(new FakeElement('button', [EARLY_CLICK_ATTRIBUTE]));
  page = {body, island, tryIt, tab, elsewhere, plain};
  const window: Record<string, unknown> = {};
  const document = {
    documentElement: html,
    addEventListener: (type: string, handler: typeof listener, capture: boolean) => {
      expect([type, capture]).toEqual(['click', true]);
      listener = handler;
    },
  };
  new Function('window', 'document', earlyClickScript())(window, document);
  vi.stubGlobal('window', window);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('early clicks', () => {
  it('are replayed once the handlers are attached, once per button, in the order last clicked', () => {
    readerClicks(page.tryIt);
    readerClicks(page.tab);
    readerClicks(page.tryIt);
    const order: string[] = [];
    page.tryIt.click = () => order.push('try it');
    page.tab.click = () => order.push('tab');
    replay(page.island);
    expect(order).toEqual(['tab', 'try it']);
    // Nothing is replayed twice.
    replay(page.island);
    expect(order).toEqual(['tab', 'try it']);
  });

  it('are recorded only on marked buttons, before the part is live and before the page has hydrated', () => {
    readerClicks(page.plain);
    replay(page.island);
    expect(page.plain.clicks).toBe(0);
    expect(page.island.getAttribute(CLICKS_LIVE_ATTRIBUTE)).toBe('');
    // The part is live: its own handlers take the clicks.
    readerClicks(page.tryIt);
    replay(page.island);
    expect(page.tryIt.clicks).toBe(0);
    // After hydration nothing is recorded anywhere.
    html.setAttribute('data-has-hydrated', 'true');
    readerClicks(page.elsewhere);
    replay(page.body);
    expect(page.elsewhere.clicks).toBe(0);
  });

  it('stay for the part of the page they belong to, and a button gone from the page is not clicked', () => {
    readerClicks(page.elsewhere);
    readerClicks(page.tab);
    page.tab.isConnected = false;
    replay(page.island);
    expect(page.elsewhere.clicks).toBe(0);
    expect(page.tab.clicks).toBe(0);
    replay(page.body);
    expect(page.elsewhere.clicks).toBe(1);
  });

  it(`keep at most ${EARLY_CLICK_LIMIT}`, () => {
    const buttons = Array.from({length: EARLY_CLICK_LIMIT + 5}, () => page.island.append(new FakeElement('button', [EARLY_CLICK_ATTRIBUTE])));
    buttons.forEach(readerClicks);
    replay(page.island);
    expect(buttons.filter((b) => b.clicks === 1).length).toBe(EARLY_CLICK_LIMIT);
    expect(buttons.slice(EARLY_CLICK_LIMIT).every((b) => b.clicks === 0)).toBe(true);
  });
});
