// The three ways in for Node users, from the installed tarball in a fresh project: JSON values
// from ESM, CommonJS and `tsc --strict` (a wrong type must fail to compile); the MCP SDK provider
// (`mcp-json-toolbox/mcp-sdk`) in the real SDK, also without eval; the CLI through npx, with a
// snapshot of its human output (tests/pkg/cli-human.snapshot.txt; UPDATE_SNAPSHOTS=1 rewrites it).
// The SDK comes from this repository's node_modules (linked into the project, a devDependency).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NAME, ROOT, installTarball, run, typeCheck } from './install.mjs';

const SNAPSHOT = join(ROOT, 'tests', 'pkg', 'cli-human.snapshot.txt');

let work;
let app;

/** Writes `text` to `name` inside the test project. */
function write(name, text) {
  writeFileSync(join(app, name), text);
}

before(() => {
  ({ work, app } = installTarball('mcp-json-toolbox-node-'));
  mkdirSync(join(app, 'node_modules', '@modelcontextprotocol'));
  symlinkSync(join(ROOT, 'node_modules', '@modelcontextprotocol', 'sdk'), join(app, 'node_modules', '@modelcontextprotocol', 'sdk'));
  cpSync(join(ROOT, 'tests', 'fixtures', 'cli'), join(app, 'cli'), { recursive: true });
  cpSync(join(ROOT, 'tests', 'fixtures', 'mcp-sdk-roundtrip.mjs'), join(app, 'roundtrip.mjs'));
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const SCHEMA = `{ type: 'object', properties: { shard: { type: 'integer', minimum: 0 } }, required: ['shard'] }`;

test('ESM: objects where JSON text goes, TypeError naming the path for what JSON cannot hold', () => {
  write(
    'values.mjs',
    `import { Validator, validateArguments, classify, checkToolCall } from '${NAME}';
const v = new Validator(${SCHEMA});
const bad = v.validate({ shard: -1 });
const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: { shard: 2 } } };
let nan = '';
try { v.isValid({ shard: NaN }); } catch (e) { nan = e.name + ': ' + e.message; }
console.log(JSON.stringify({
  good: v.isValid({ shard: 2 }), bad: bad.diagnostics[0].instancePath, span: 'span' in bad.diagnostics[0],
  once: validateArguments(${SCHEMA}, { shard: 'x' }).valid, kind: classify(call).kind,
  host: checkToolCall({ name: 't', inputSchema: ${SCHEMA} }, call).valid, nan,
}));
`,
  );
  assert.deepEqual(JSON.parse(run(process.execPath, ['values.mjs'], app)), {
    good: true, bad: '/shard', span: false, once: false, kind: 'CallToolRequest', host: true,
    nan: 'TypeError: Validator.isValid: argument 1 at /shard is NaN, which JSON cannot hold',
  });
});

test('CommonJS: the same from require', () => {
  write(
    'values.cjs',
    `const { Validator, classify } = require('${NAME}');
const v = new Validator(${SCHEMA});
let big = '';
try { classify({ id: 1n }); } catch (e) { big = e.message; }
process.stdout.write([v.isValid({ shard: 1 }), v.isValid({ shard: -1 }), classify([]).kind, big].join(' | '));
`,
  );
  assert.equal(run(process.execPath, ['values.cjs'], app), 'true | false | Unknown | classify: argument 1 at /id is a BigInt, which JSON cannot hold');
});

test('TypeScript --strict: values, text and the SDK slot type-check; a wrong type does not compile', () => {
  write(
    'values.ts',
    `import { Validator, classify, checkToolResult, replaySession, lintSchema, checkElicitation, type ValidationReport, type LintReport, type ElicitationReport } from '${NAME}';
import { ToolboxJsonSchemaValidator } from '${NAME}/mcp-sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
interface Args { shard: number }
const args: Args = { shard: 1 };
const fromSdk: Record<string, unknown> = { shard: 2 };
const v = new Validator({ type: 'object' });
const reports: ValidationReport[] = [v.validate(args), v.validate(fromSdk), v.validate('{"shard":1}'), v.validate([1, null])];
const ok: boolean = v.isValid(args) && classify({ jsonrpc: '2.0' }).kind === 'Unknown';
checkToolResult('{"name":"t","inputSchema":{}}', { content: [] });
replaySession([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]);
const lint: LintReport = lintSchema({ type: 'object', requird: ['a'] });
const elicited: ElicitationReport[] = [checkElicitation({ params: {} }, { action: 'accept' }), checkElicitation('{}'), checkElicitation({}, null)];
console.log(lint.diagnostics[0]?.fix?.replacement, elicited.length);
const provider: jsonSchemaValidator = new ToolboxJsonSchemaValidator();
new Client({ name: 'host', version: '1' }, { jsonSchemaValidator: provider });
console.log(reports.length, ok);
`,
  );
  write('bad-value.ts', `import { Validator } from '${NAME}';\nnew Validator({}).validate(10n);\n`);
  write('bad-missing.ts', `import { classify } from '${NAME}';\nclassify(undefined);\n`);
  write('bad-lint.ts', `import { lintSchema } from '${NAME}';\nlintSchema(Symbol('s'));\n`);
  const flags = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'];
  typeCheck(app, flags, ['values.ts'], {
    'bad-value.ts': /bad-value\.ts\(2,\d+\): error TS2769: No overload matches this call/,
    'bad-missing.ts': /bad-missing\.ts\(2,\d+\): error TS2769/,
    'bad-lint.ts': /bad-lint\.ts\(2,\d+\): error TS2769/,
  });
});

test('the SDK provider from the installed package: good and bad structuredContent, also without eval', () => {
  const roundtrip = (flags, provider) =>
    JSON.parse(run(process.execPath, [...flags, 'roundtrip.mjs', provider, `${NAME}/mcp-sdk`], app).trim().split('\n').at(-1));
  const disallow = ['--disallow-code-generation-from-strings'];
  for (const flags of [[], disallow]) {
    const outcome = roundtrip(flags, 'toolbox');
    assert.deepEqual(outcome.good, { temperature: 21.5, unit: 'C' });
    assert.match(outcome.bad, /output schema: \/temperature: "temperature" must be a number, got string; \/unit: /);
  }
  assert.match(roundtrip(disallow, 'ajv').failed, /^EvalError: Code generation from strings disallowed/);
});

test('the CLI through npx: exit codes, stdin, --format json|github, and the human output (snapshot)', () => {
  const npx = (args, input) => {
    try {
      return { status: 0, stdout: run('npx', ['--offline', NAME, ...args], join(app, 'cli'), { input, stdio: 'pipe' }) };
    } catch (e) {
      return { status: e.status, stdout: e.stdout, stderr: e.stderr };
    }
  };
  const commands = [
    ['validate', '--schema', 'schema.json', 'good-args.json', 'bad-args.json'],
    ['check-call', '--tool', 'tool.json', 'call.json'],
    ['check-result', '--tool', 'tool.json', 'result.json'],
    ['format', '--check', 'formatted.json', 'unformatted.json', 'broken.json'],
    ['classify', 'call.json'],
  ];
  const human = commands.map((args) => {
    const { status, stdout } = npx(args);
    return `$ mcp-json-toolbox ${args.join(' ')}\n${stdout}[exit ${status}]\n`;
  }).join('\n');
  if (process.env.UPDATE_SNAPSHOTS) writeFileSync(SNAPSHOT, human);
  assert.equal(human, readFileSync(SNAPSHOT, 'utf8'));

  assert.equal(npx(['validate', '--schema', 'schema.json', '-'], '{"dataset":"ok"}').status, 0);
  const json = npx(['validate', '--format', 'json', '--schema', 'schema.json', 'bad-args.json']);
  assert.equal(json.status, 1);
  assert.deepEqual(JSON.parse(json.stdout).findings.map((f) => `${f.line}:${f.column} ${f.code}`), ['2:14 pattern', '3:12 minimum']);
  const github = npx(['format', '--format', 'github', '--check', 'broken.json']);
  assert.match(github.stdout, /^::error file=broken\.json,line=1,col=12,endLine=1,endColumn=12,title=syntax::trailing comma/);
  const missing = npx(['classify', 'nothing.json']);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /^mcp-json-toolbox classify: nothing\.json: no such file$/m);
});
