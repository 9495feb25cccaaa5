// What an app ships with each bundler: the bundler matrix's app (tests/bundlers/matrix.mjs: the
// packed package installed once, production builds by the README's recipes with Vite, webpack,
// esbuild and Rollup) built in parallel, and the bytes of each dist/ as a Markdown table, with the
// build times. Run with `make bench`; `make test-bundlers` runs the same builds in Chromium.
import { rmSync } from 'node:fs';
import { RECIPES, buildApp, bytesTable, installPackage } from '../tests/bundlers/matrix.mjs';
import { machine } from './variant.mjs';

const install = installPackage();
try {
  const builds = await Promise.all(Object.keys(RECIPES).map((bundler) => buildApp(install.work, install.base, bundler)));
  console.log(`bytes each bundler ships — ${machine()}\n`);
  console.log(bytesTable(builds));
  console.log(`\nBuild times, in parallel: ${builds.map((b) => `${b.bundler} ${(b.ms / 1000).toFixed(1)} s`).join(', ')}.`);
} finally {
  rmSync(install.work, { recursive: true, force: true });
}
