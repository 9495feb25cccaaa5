// The docs check, twoslash-style: every live example of `.md`, `.mdx` and `.html` files gets the
// checks `<mcp-json>` shows in the browser, and every problem is reported at `file:line:column`
// of the docs file (spans mapped back through the fence). An example that is broken, or whose
// verdict disagrees with its `expect`, gives an error finding: the crate makes every finding
// (the mode's, `judgeExample`'s expect-mismatch, `unknownSchema`'s missing-schema); this reads
// the files, finds the examples and places the findings.
import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { docsExamples } from './examples.js';
import { check } from '../modes.js';

/** Which reader a file extension takes. */
const KINDS = { '.md': 'markdown', '.markdown': 'markdown', '.mdx': 'markdown', '.html': 'html', '.htm': 'html' };

/**
 * @typedef {object} Finding
 * @property {string} file
 * @property {number} line
 * @property {number} column
 * @property {number} [endLine]
 * @property {number} [endColumn]
 * @property {'error'|'warning'|'info'} severity
 * @property {string} code
 * @property {string} message
 * @property {string} [instancePath]
 */

/** The package's API as the verdict runners call it (loaded on first use). */
async function nodeApi() {
  const api = await import('../node.js');
  return { call: async (fn, ...args) => api[fn](...args), has: (fn) => typeof api[fn] === 'function' };
}

/** A finding at `start` (a `{line, column}`), optionally ending at `end`. */
function finding(file, start, end, fields) {
  const at = { file, line: start.line, column: start.column };
  if (end) Object.assign(at, { endLine: end.line, endColumn: end.column });
  return { ...at, ...fields };
}

/** One diagnostic of an example as a finding in the docs file. */
function diagnosticFinding(file, example, schema, diagnostic) {
  const source = diagnostic.on === 'schema' ? schema : example.source;
  const where = diagnostic.span && source
    ? [source.at(diagnostic.span.start), source.at(diagnostic.span.end)]
    : [source ? source.at(0) : example.start];
  const prefix = diagnostic.on === 'schema' && schema ? 'in the schema: ' : '';
  return finding(file, where[0], where[1], {
    severity: diagnostic.severity,
    code: diagnostic.code,
    message: `${prefix}${diagnostic.message}`,
    ...(diagnostic.instancePath ? { instancePath: diagnostic.instancePath } : {}),
  });
}

/** One of the crate's findings about an example as a whole (no span), where the example opens. */
function wholeExample(file, example, { severity, code, message }) {
  return finding(file, example.start, null, { severity, code, message });
}

/** The findings of one example. */
async function exampleFindings(api, file, example, schemas) {
  const { spec } = example;
  const schema = example.inlineSchema ?? (spec.schema ? schemas.get(spec.schema) : undefined);
  if (spec.schema && !schema) return [wholeExample(file, example, await api.call('unknownSchema', spec.schema))];
  const verdict = await check(api, { mode: spec.mode, text: example.source.text, schema: schema?.text, expect: spec.expect });
  const { mismatch, deliberate } = verdict.judgement;
  const findings = mismatch ? [wholeExample(file, example, mismatch)] : [];
  // An example broken on purpose shows its errors on purpose.
  if (deliberate) return findings;
  // Presentation only: a docs build lists what needs fixing (errors and warnings), as a log level
  // would; the crate's infos stay in the report and `<mcp-json>` shows them.
  const reported = verdict.diagnostics.filter((d) => d.severity !== 'info');
  return [...findings, ...reported.map((d) => diagnosticFinding(file, example, schema, d))];
}

/**
 * Checks the live examples of `paths` (`.md`, `.mdx`, `.html`). Options: `api` (`{call, has}`;
 * default: this package), `cwd` (what relative paths are read from; findings name the paths as
 * given). Resolves to the findings in file order; a file that cannot be read or
 * has an unknown extension is an error finding at 1:1.
 * @returns {Promise<Finding[]>}
 */
export async function checkDocs(paths, options = {}) {
  const api = options.api ?? (await nodeApi());
  const findings = [];
  for (const file of paths) {
    const kind = KINDS[extname(file).toLowerCase()];
    const start = { line: 1, column: 1 };
    if (!kind) {
      findings.push(finding(file, start, null, { severity: 'error', code: 'unsupported-file', message: 'not a .md, .mdx or .html file' }));
      continue;
    }
    let text;
    try {
      text = await readFile(resolve(options.cwd ?? '.', file), 'utf8');
    } catch (error) {
      findings.push(finding(file, start, null, { severity: 'error', code: 'read-error', message: error.message }));
      continue;
    }
    const { examples, schemas } = docsExamples(text, kind);
    for (const example of examples) findings.push(...(await exampleFindings(api, file, example, schemas)));
  }
  return findings;
}
