#!/usr/bin/env node
// Package bin: runs the built CLI (npm run build produces out/cli/cli.js).
await import('../out/cli/cli.js');
