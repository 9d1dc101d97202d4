const { createWebpackConfig } = require('@portal/mf-config/load');

// The host: no remote is compiled in; src/remotes loads them at run time from /registry.json.
module.exports = createWebpackConfig({ appDir: __dirname, name: 'shell', title: 'Library Portal', isHost: true, port: 3000 });
