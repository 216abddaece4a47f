// The source change the loader makes (index.ts says why); CommonJS so the bundler can load it.

/**
 * The modal's two stores of past searches as DocSearch 3.9's ES build makes them, in a
 * `useRef` whose argument runs on every render: `X.useRef(make({key:"__DOCSEARCH_…"…})).current`.
 * The options object holds no braces of its own.
 */
const STORE_IN_REF = /\b([A-Za-z_$][\w$]*)\.useRef\(([A-Za-z_$][\w$]*)\((\{key:"__DOCSEARCH_(?:FAVORITE|RECENT)_SEARCHES__"[^{}]*\})\)\)\.current/g;

/** The same store, made by the first render only: React runs a state initialiser once per mount. */
function makeOnce(source, file) {
  const matches = source.match(STORE_IN_REF) ?? [];
  if (matches.length !== 2) {
    throw new Error(
      `docsearch: ${file} no longer makes the modal's favourite and recent searches stores as \`useRef(make({key: "__DOCSEARCH_…"}))\` ` +
        `(found ${matches.length} of 2). DocSearch changed: check whether it still reads and probes localStorage on every render, then update or remove that part of plugins/docsearch.`,
    );
  }
  return source.replace(STORE_IN_REF, (_, react, make, options) => `${react}.useState(function(){return ${make}(${options})})[0]`);
}

module.exports = {makeOnce, STORE_IN_REF};
