import {describe, expect, it} from 'vitest';
import {expandRecords, PAGE_RANK} from '../../src/search/records';
import {buildRecords} from './index';
import {extractPage} from './extract';

const page = (body: string, crumbs = ['API reference', 'Volumes']) => `<!doctype html><html><head>
<meta name="docsearch:language" content="en"><meta name="docsearch:docusaurus_tag" content="docs-default-current"></head><body>
<nav aria-label="Breadcrumbs"><ul>${crumbs.map((c) => `<li class="breadcrumbs__item">${c}</li>`).join('')}</ul></nav>
<article><header><h1>Create a volume</h1></header>${body}</article></body></html>`;

describe('extractPage', () => {
  it('reads section, title, headings and content in order, like the DocSearch crawler', () => {
    const extracted = extractPage(
      page(`<p>Creates a volume.</p><h2 id="request">Request<a class="hash-link">\u200b</a></h2><ul><li>size_gb <ul><li>nested item</li></ul></li></ul>
      <pre><code>curl example</code></pre><details><summary>fields</summary><p>hidden field</p></details>
      <h3 id="body">Body</h3><table><tr><td>name</td><td>The name.</td></tr></table>`),
    )!;
    expect(extracted.lvl0).toBe('API reference');
    expect(extracted.lvl1).toBe('Create a volume');
    expect(extracted.docusaurusTag).toBe('docs-default-current');
    expect(extracted.entries).toEqual([
      {level: 1, text: 'Create a volume', anchor: null},
      {level: 0, text: 'Creates a volume.', anchor: null},
      {level: 2, text: 'Request', anchor: 'request'},
      {level: 0, text: 'size_gb', anchor: 'request'},
      {level: 0, text: 'nested item', anchor: 'request'},
      {level: 3, text: 'Body', anchor: 'body'},
      {level: 0, text: 'name', anchor: 'body'},
      {level: 0, text: 'The name.', anchor: 'body'},
    ]);
  });

  it('reads a minified page, its optional end tags left out, as it reads the page with them', () => {
    const full = `<p>Creates a volume &amp; attaches it.</p><h2 id="size">Size<a class="hash-link">\u200b</a></h2><ul><li>size_gb &lt; 1000</li><li>Rounded up.</li></ul><p>Billed per hour.</p>
      <table><tbody><tr><td>name</td><td>The name.</td></tr><tr><td>uuid</td><td>Set by the API.</td></tr></tbody></table>`;
    const minified = `<p>Creates a volume &amp; attaches it.<h2 id=size>Size<a class=hash-link>\u200b</a></h2><ul><li>size_gb &lt; 1000<li>Rounded up.</ul><p>Billed per hour.
      <table><tr><td>name<td>The name.<tr><td>uuid<td>Set by the API.</table>`;
    const texts = (body: string) => extractPage(page(body))!.entries.map((e) => [e.level, e.text, e.anchor]);
    expect(texts(full)).toEqual([
      [1, 'Create a volume', null],
      [0, 'Creates a volume & attaches it.', null],
      [2, 'Size', 'size'],
      [0, 'size_gb < 1000', 'size'],
      [0, 'Rounded up.', 'size'],
      [0, 'Billed per hour.', 'size'],
      [0, 'name', 'size'],
      [0, 'The name.', 'size'],
      [0, 'uuid', 'size'],
      [0, 'Set by the API.', 'size'],
    ]);
    expect(texts(minified)).toEqual(texts(full));
  });

  it('leaves out what a page marks as boilerplate with .search-skip', () => {
    const extracted = extractPage(page(`<p>Creates a volume.</p><div class="search-skip"><p>Headers: X-Request-Id.</p><table><tr><td>not_found</td><td>404</td></tr></table></div>`))!;
    expect(extracted.entries.map((e) => e.text)).toEqual(['Create a volume', 'Creates a volume.']);
  });

  it('calls top-level pages "Documentation" and skips pages without a title', () => {
    expect(extractPage(page('<p>x</p>', ['Intro']))!.lvl0).toBe('Documentation');
    expect(extractPage('<html><body><main><p>No title here</p></main></body></html>')).toBeNull();
  });
});

describe('compact records', () => {
  it('round-trip into full DocSearch records with their hierarchy and weights', () => {
    const compact = buildRecords([{route: '/docs/volumes/create', html: page('<p>Intro text.</p><h2 id="a">Alpha</h2><h3 id="b">Beta</h3><p>Deep text.</p><h2 id="c">Gamma</h2><p>Other text.</p>')}]);
    const records = expandRecords(compact);
    expect(records.map((r) => r.type)).toEqual(['lvl1', 'content', 'lvl2', 'lvl3', 'content', 'lvl2', 'content']);
    const deep = records[4];
    expect(deep).toMatchObject({
      url: '/docs/volumes/create#b',
      url_without_anchor: '/docs/volumes/create',
      anchor: 'b',
      content: 'Deep text.',
      hierarchy: {lvl0: 'API reference', lvl1: 'Create a volume', lvl2: 'Alpha', lvl3: 'Beta', lvl4: null},
      language: 'en',
      docusaurus_tag: 'docs-default-current',
    });
    expect(records[6].hierarchy).toMatchObject({lvl2: 'Gamma', lvl3: null});
    expect(records[0].weight.level).toBe(100);
    expect(records[2].weight.level).toBe(90);
    expect(records[4].weight.level).toBe(0);
  });

  it("weighs a page by its kind: guides, then the API reference's guides, then its operation pages", () => {
    const operation = page('<div class="api-endpoint" data-method="post"><span>POST /core/volumes</span></div><p>Creates a volume.</p>');
    const compact = buildRecords([
      {route: '/docs/api-reference/core-resources/volumes/create', html: operation},
      {route: '/docs/api-reference/getting-started-api/authentication', html: page('<p>How API keys work.</p>')},
      {route: '/docs/storage/volumes/creating-a-volume', html: page('<p>Create one in the console.</p>')},
    ]);
    expect(compact.pages.map((p) => p[5])).toEqual([PAGE_RANK.operation, PAGE_RANK.reference, PAGE_RANK.guide]);
    expect(PAGE_RANK.guide).toBeGreaterThan(PAGE_RANK.reference);
    expect(PAGE_RANK.reference).toBeGreaterThan(PAGE_RANK.operation);
  });

  it('refuses a file in another format', () => {
    expect(() => expandRecords({v: 2} as never)).toThrow(/expected format/);
  });
});
