const { createWebpackConfig } = require('@portal/mf-config/load');

module.exports = createWebpackConfig({
  appDir: __dirname,
  name: 'mf_public',
  exposes: { './lifecycles': './src/lifecycles.tsx' },
  port: 3006,
  // The standalone public entry: /capacities/... and /sipOperations/{storeCode} without shell, login or any other remote.
  pages: [
    { name: 'public', entry: './src/public/index.ts', filename: 'public.html', title: 'Capacity', devPaths: /^\/(capacities(\/|$)|sipOperations\/[^/]+\/?$)/ },
  ],
});
