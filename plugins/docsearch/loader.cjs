// Bundler loader for DocSearch's ES build; see index.ts for why.
const {makeOnce} = require('./transform.cjs');

module.exports = function docsearchLoader(source) {
  return makeOnce(source, this.resourcePath);
};
