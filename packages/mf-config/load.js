// webpack.config.js files are CommonJS and this package is TypeScript source: tsx compiles it on load.
// The hook is registered for the whole process (not a namespaced require) so webpack's own modules are
// loaded once, shared with webpack-cli.
require('tsx/cjs/api').register();
module.exports = require('./src/index.ts');
