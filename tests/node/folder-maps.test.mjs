// The maps of runtime/ and www/ stay true to the tree (issue 52 item 4): every file of each folder
// is named in its README (by its path in the folder, its name, a pattern such as `examples/*.json`
// or `cli/<command>.js`, or, for a `.d.ts`, the `.js` it declares), and every path those READMEs
// and ARCHITECTURE.md name under the repository's own folders exists.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Every file under `dir` (relative to it), built output and dependencies left out. */
function files(dir, prefix = '') {
  return readdirSync(join(ROOT, dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return ['dist', 'node_modules'].includes(entry.name) ? [] : files(dir, path);
    return [path];
  });
}

/** The words a text writes in backticks. */
const quoted = (text) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);

/** A backticked pattern (`examples/*.json`, `cli/<command>.js`) as a regular expression of paths. */
function pattern(word) {
  const source = word.split(/(\*|<[a-z-]+>)/).map((part, i) => (i % 2 ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`(^|/)${source}$`);
}

/** Whether the folder's README `text` names `file` (a path in the folder). */
function named(text, file) {
  const words = quoted(text).map((w) => w.replace(/^\.\.\/[a-z]+\//, '').replace(/^\.\//, ''));
  const name = file.split('/').at(-1);
  if (words.includes(file) || words.includes(name)) return true;
  if (words.filter((w) => /\*|<[a-z-]+>/.test(w) && /\.[a-z]+$/.test(w)).some((w) => pattern(w).test(file))) return true;
  // A declaration file beside the module it declares: "`docs/check.js` (+ `.d.ts`)".
  return file.endsWith('.d.ts') && words.includes('.d.ts') && named(text, file.replace(/\.d\.ts$/, '.js'));
}

for (const dir of ['runtime', 'www']) {
  test(`every file of ${dir}/ is on ${dir}/README.md's map`, () => {
    const readme = readFileSync(join(ROOT, dir, 'README.md'), 'utf8');
    const missing = files(dir).filter((file) => file !== 'README.md' && !named(readme, file));
    assert.deepEqual(missing, [], `${dir}/README.md names no such file: add it to the map`);
  });
}

test('every path the maps name under the repository\'s folders exists', () => {
  const folders = readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name).filter((name) => !['node_modules', 'target', 'pkg'].includes(name));
  const maps = { 'ARCHITECTURE.md': '', 'runtime/README.md': 'runtime', 'www/README.md': 'www', 'CONTRIBUTING.md': '' };
  const missing = Object.entries(maps).flatMap(([map, base]) => quoted(readFileSync(join(ROOT, map), 'utf8'))
    .map((word) => word.replace(/:\d+.*$/, '').replace(/\s.*$/, ''))
    .filter((word) => folders.includes(word.split('/')[0]) && word.includes('/') && !/\*|<[a-z-]+>|\{|`/.test(word))
    .filter((word) => !existsSync(join(ROOT, word)) && !(base && existsSync(join(ROOT, base, word))))
    .filter((word) => !word.startsWith('www/dist/') && !word.startsWith('target/'))
    .map((word) => `${map}: ${word}`));
  assert.deepEqual(missing, [], 'a map names a path that is not in the tree');
});

test('the map check sees a missing file and a pattern', () => {
  const text = 'the files: `main.js`, `examples/*.json`, `cli/<command>.js`, `docs/check.js` (+ `.d.ts`), a `<table>`';
  assert.ok(named(text, 'main.js') && named(text, 'examples/a.json') && named(text, 'cli/lint.js') && named(text, 'docs/check.d.ts'));
  assert.ok(!named(text, 'pointer.js') && !named(text, 'examples/a/b.json') && !named(text, 'element.d.ts'));
});
