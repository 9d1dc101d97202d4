#!/usr/bin/env node
// The apps' `build`/`dev` scripts: webpack-cli from here, so only @portal/mf-config installs webpack.
require('webpack-cli/bin/cli.js');
