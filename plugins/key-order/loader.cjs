// Bundler loader for theme-common's reactUtils module; see index.ts for why.
const {orderKeysByCodeUnit} = require('./transform.cjs');

module.exports = function keyOrderLoader(source) {
  return orderKeysByCodeUnit(source, this.resourcePath);
};
