// The source change the loader makes (index.ts says why); CommonJS so the bundler can load it.

/** The statement in theme-common's useShallowMemoObject that sorts the object's entries by key. */
const LOCALE_SORT = 'deps.sort((a, b) => a[0].localeCompare(b[0]));';
/** The same order for keys, which are identifiers, with no collator to start. */
const CODE_UNIT_SORT = 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));';

function orderKeysByCodeUnit(source, file) {
  if (!source.includes(LOCALE_SORT)) {
    throw new Error(
      `key-order: ${file} no longer sorts useShallowMemoObject's keys with \`${LOCALE_SORT}\`. ` +
        'Docusaurus changed it: check whether it still starts a collator at start-up, then update or remove plugins/key-order.',
    );
  }
  return source.replace(LOCALE_SORT, CODE_UNIT_SORT);
}

module.exports = {orderKeysByCodeUnit, LOCALE_SORT, CODE_UNIT_SORT};
