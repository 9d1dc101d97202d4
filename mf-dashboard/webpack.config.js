const { createWebpackConfig } = require('@portal/mf-config/load');

module.exports = createWebpackConfig({
  appDir: __dirname,
  name: 'mf_dashboard',
  // ./prefetch: loaded by the shell's login page (shell/src/remotes/landing.ts), see src/prefetch.ts.
  exposes: { './lifecycles': './src/lifecycles.tsx', './prefetch': './src/prefetch.ts' },
  port: 3001,
});
