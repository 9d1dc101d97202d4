const { createWebpackConfig } = require('@portal/mf-config/load');

module.exports = createWebpackConfig({
  appDir: __dirname,
  name: 'mf_items',
  exposes: { './lifecycles': './src/lifecycles.tsx' },
  port: 3002,
});
