// The runtime's JavaScript runs one way, as ARCHITECTURE.md draws it, in its real stacks: the
// library (the wasm-bindgen glue in pkg/, outside runtime/; under it loading and trap recovery,
// runtime/load/; the API wrappers, api.js and values.js; the library's front ends: the mode
// runners, the element, the docs plugins and check), the package's entry points over it
// (runtime/entries/, and mcp-sdk.js, the SDK's validator on the `/validator` entry), and the
// applications that use the package by its name (`mcp-json-toolbox`, the entries' layer): the CLI,
// the proxy, the MCP client. A file imports only files of its own layer or a lower one, and no
// files import each other around a circle. The same check for src/ is tests/native/layers.rs.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = new URL('../../runtime/', import.meta.url).pathname;

/** The layers, lowest first: a file's layer is the first whose test accepts its path. */
const LAYERS = [
  ['load', (f) => f.startsWith('load/')],
  ['api', (f) => f === 'api.js' || f === 'values.js'],
  ['library', (f) => !APPLICATIONS.some((dir) => f === dir || f.startsWith(`${dir}/`)) && !ENTRIES.some((dir) => f === dir || f.startsWith(`${dir}/`))],
  ['entries', (f) => ENTRIES.some((dir) => f === dir || f.startsWith(`${dir}/`))],
  ['applications', () => true],
];

/** The package's entry points: what `mcp-json-toolbox` and its subpaths resolve to. */
const ENTRIES = ['entries', 'mcp-sdk.js'];

/** The applications built on the package, which import it by its name. */
const APPLICATIONS = ['cli.js', 'cli', 'proxy', 'mcp-client'];

/** The layer an import of the package by its name reaches: its entry points. */
const PACKAGE = 'entries';

/** The layer index of a runtime file (relative path). */
const layerOf = (file) => LAYERS.findIndex(([, accepts]) => accepts(file));

/** Every .js file under `dir`, relative to ROOT. */
function sources(dir = ROOT) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.js') ? [relative(ROOT, path)] : [];
  });
}

/** The specifiers a source imports (static `import … from`, `export … from`, `import()`), with
 * their lines; comments are not read. */
export function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm;
  for (const match of code.matchAll(pattern)) {
    found.push({ specifier: match[2], line: code.slice(0, match.index).split('\n').length });
  }
  return found;
}

/** The import edges between runtime files, and the imports of the package's own name. */
function graph() {
  const edges = [];
  for (const file of sources()) {
    for (const { specifier, line } of importsOf(readFileSync(join(ROOT, file), 'utf8'))) {
      if (specifier === 'mcp-json-toolbox' || specifier.startsWith('mcp-json-toolbox/')) {
        edges.push({ from: file, to: specifier, line, layer: PACKAGE });
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      // scripts/build-pkg.mjs writes the entries at the package's root, beside api.js and load/.
      const base = file.startsWith('entries/') ? ROOT : dirname(join(ROOT, file));
      const target = relative(ROOT, resolve(base, specifier));
      if (target.startsWith('..') || !target.endsWith('.js')) continue; // the glue, outside runtime/
      edges.push({ from: file, to: target, line });
    }
  }
  return edges;
}

/** The layer index an edge reaches: a runtime file's, or the entries' for the package's name. */
const reaches = (edge) => (edge.layer ? LAYERS.findIndex(([name]) => name === edge.layer) : layerOf(edge.to));

/** What is wrong with `edges`: imports upwards (the package's name is its entries'), a circle. */
export function problems(edges) {
  const found = [];
  for (const edge of edges) {
    const from = layerOf(edge.from);
    const to = reaches(edge);
    if (to > from) {
      found.push(`runtime/${edge.from}:${edge.line}: ${edge.from} -> ${edge.to} (${LAYERS[from][0]} importing ${LAYERS[to][0]})`);
    }
  }
  const next = new Map();
  for (const edge of edges.filter((e) => !e.layer)) next.set(edge.from, [...(next.get(edge.from) ?? []), edge]);
  const done = new Set();
  const visit = (file, path) => {
    const at = path.findIndex((e) => e.from === file);
    if (at >= 0) return path.slice(at);
    if (done.has(file)) return undefined;
    done.add(file);
    for (const edge of next.get(file) ?? []) {
      const circle = visit(edge.to, [...path, edge]);
      if (circle) return circle;
    }
    return undefined;
  };
  for (const file of next.keys()) {
    const circle = visit(file, []);
    if (circle) {
      found.push(`import circle: ${circle.map((e) => `runtime/${e.from}:${e.line}: ${e.from} -> ${e.to}`).join(', then ')}`);
      break;
    }
  }
  return found;
}

test('runtime/ imports run one way: applications, entries, library front ends, api, load, glue; no circle', () => {
  const edges = graph();
  // The graph is read at all: the CLI imports its reporter, the API wrapper the trap recovery,
  // an entry the loader.
  for (const [from, to] of [['cli/lint.js', 'cli/report.js'], ['api.js', 'load/recover.js']]) {
    assert.ok(edges.some((e) => e.from === from && e.to === to), `no edge ${from} -> ${to}: the reader misses imports`);
  }
  assert.ok(edges.some((e) => e.from.startsWith('entries/') && e.to.startsWith('load/')), 'no entry imports the loader');
  assert.deepEqual(problems(edges), []);
});

test('the check names an upward import and a circle with file and line', () => {
  const edges = [
    { from: 'load/glue.js', to: 'modes.js', line: 3 },
    { from: 'load/fetch.js', to: 'mcp-json-toolbox', line: 1, layer: 'entries' },
    { from: 'modes.js', to: 'cli/report.js', line: 4 },
    { from: 'cli/check-tool.js', to: 'mcp-json-toolbox', line: 1, layer: 'entries' },
    { from: 'cli/a.js', to: 'cli/b.js', line: 2 },
    { from: 'cli/b.js', to: 'cli/a.js', line: 5 },
    { from: 'entries/node.js', to: 'api.js', line: 1 },
  ];
  assert.deepEqual(problems(edges), [
    'runtime/load/glue.js:3: load/glue.js -> modes.js (load importing library)',
    'runtime/load/fetch.js:1: load/fetch.js -> mcp-json-toolbox (load importing entries)',
    'runtime/modes.js:4: modes.js -> cli/report.js (library importing applications)',
    'import circle: runtime/cli/a.js:2: cli/a.js -> cli/b.js, then runtime/cli/b.js:5: cli/b.js -> cli/a.js',
  ]);
  assert.deepEqual(importsOf("import a from './a.js';\n// import b from './b.js';\nconst c = await import('./c.js');\nexport { d } from \"./d.js\";"), [
    { specifier: './a.js', line: 1 }, { specifier: './c.js', line: 3 }, { specifier: './d.js', line: 4 },
  ]);
});
