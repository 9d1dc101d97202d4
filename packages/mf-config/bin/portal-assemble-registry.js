#!/usr/bin/env node
// Runs bin/assemble-registry.ts through tsx (the workspace packages are TypeScript source).
require('tsx/cjs/api').register();
require('./assemble-registry.ts');
