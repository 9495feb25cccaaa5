// `mcp-json-toolbox check-server` (pkg/cli.js) with its default targets on real MCP servers that
// no one here wrote: eight from npm and the official Python reference server `mcp-server-time`
// (PyPI, built on the official SDK `mcp` 2.3.0), each pinned (package.json devDependencies,
// requirements-dev.txt). Each starts without credentials or network and lists its tools offline.
// One run per server, all at once; the assertions (issue 30): exit 0 where the server is fine,
// each finding left checked against its source (the comment at its server), none of the false
// verdicts issue 30 lists, every finding inside a tool naming it, and a human report under a
// screen.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { assertDefaultRun, runCli } from './run-cli.mjs';

const PYTHON = new URL('../../.venv/bin/python', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const TEMP = mkdtempSync(join(tmpdir(), 'real-servers-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

/** The `bin` script of an npm server package (`name`: which of several). */
function bin(pkg, name) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: entry } = require(manifest);
  return join(dirname(manifest), typeof entry === 'string' ? entry : entry[name] ?? Object.values(entry)[0]);
}

/** No telemetry, no update check, no browser: what a server may do at start that needs the network. */
const QUIET = { CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1', CHROME_DEVTOOLS_MCP_NO_UPDATE_CHECKS: '1' };

/**
 * The spec's own advice on a tool without arguments, the one warning a default run may leave:
 * https://modelcontextprotocol.io/specification/2025-11-25/server/tools ("Tool with no
 * parameters": `{ "type": "object", "additionalProperties": false }`; the schema's `Tool.inputSchema`
 * says the same, "Recommended: explicitly accepts only empty objects"), checked 2026-12-03. Each
 * server below that gets it lists a tool whose `inputSchema` is `{ "type": "object" }` or has
 * empty `properties` and no `additionalProperties` (its instances named in the assertion).
 */
const OPEN_NO_ARGUMENTS = 'no-argument-tool-open';

/**
 * The servers: the command, and `allowed`: the warnings a default run may still give on it, as
 * `{ code: [tool names] }` (each checked against its source above: these tools' `inputSchema` is
 * `{ "type": "object" }` with no or empty `properties`). No server here deserves an error by
 * default.
 */
const SERVERS = {
  everything: {
    command: [process.execPath, bin('@modelcontextprotocol/server-everything'), 'stdio'],
    allowed: { [OPEN_NO_ARGUMENTS]: ['get-env', 'get-tiny-image', 'toggle-simulated-logging', 'toggle-subscriber-updates', 'trigger-elicitation-request', 'trigger-elicitation-request-async'] },
  },
  filesystem: { command: [process.execPath, bin('@modelcontextprotocol/server-filesystem'), TEMP], allowed: { [OPEN_NO_ARGUMENTS]: ['list_allowed_directories'] } },
  memory: {
    command: [process.execPath, bin('@modelcontextprotocol/server-memory')],
    env: { MEMORY_FILE_PATH: join(TEMP, 'memory.jsonl') },
    allowed: { [OPEN_NO_ARGUMENTS]: ['read_graph'] },
  },
  // Its one tool's description is longer than the 2,048 characters Claude Code passes on
  // (anthropics/claude-code#41593, #87650; compat-data/claude-code.json): rewritten, a warning.
  'sequential-thinking': { command: [process.execPath, bin('@modelcontextprotocol/server-sequential-thinking')], allowed: { 'claude-code/description-cut': ['sequentialthinking'] } },
  context7: { command: [process.execPath, bin('@upstash/context7-mcp')], allowed: {} },
  playwright: { command: [process.execPath, bin('@playwright/mcp'), '--headless'], allowed: {} },
  'chrome-devtools': { command: [process.execPath, bin('chrome-devtools-mcp', 'chrome-devtools-mcp'), '--no-usage-statistics'], allowed: {} },
  notion: { command: [process.execPath, bin('@notionhq/notion-mcp-server')], allowed: { [OPEN_NO_ARGUMENTS]: ['API-get-self'] } },
  'time (Python SDK)': { command: [PYTHON, '-m', 'mcp_server_time', '--local-timezone', 'UTC'], allowed: {} },
};

/** Runs the CLI: `{ status, stdout, stderr, ms }` (killed after a minute). */
const cli = (args, env = {}) => runCli(args, { cwd: TEMP, env: { ...QUIET, ...env } });

/** The servers whose human report is read too: the longest tool lists (24 and 32 tools). */
const READ = ['notion', 'chrome-devtools'];

/** Each server's one run (`--format json`, default targets), and the human report of READ's, all
 * started at once. */
const RUNS = {};
const HUMAN = {};
before(async () => {
  assert.ok(existsSync(PYTHON), `${PYTHON}: run make setup (the Python .venv of requirements-dev.txt)`);
  const started = Date.now();
  // A server's start (Python and Chromium-backed ones import a lot) on a busy machine:
  // the start-up wait is generous, each later answer gets --timeout.
  const args = ['check-server', '--startup-timeout', '120000', '--timeout', '30000'];
  await Promise.all([
    ...Object.entries(SERVERS).map(async ([name, { command, env }]) => {
      const run = await cli([...args, '--format', 'json', '--', ...command], env);
      RUNS[name] = { ...run, document: run.status === 2 && !run.stdout ? undefined : JSON.parse(run.stdout) };
    }),
    ...READ.map(async (name) => {
      HUMAN[name] = await cli([...args, '--', ...SERVERS[name].command], SERVERS[name].env);
    }),
  ]);
  process.stderr.write(`# real servers: ${Object.keys(SERVERS).length + READ.length} check-server runs in ${Date.now() - started} ms\n`);
});

/** Whether `name` is made of the characters VS Code's sanitiser keeps, `/[^a-z0-9_-]/gi`. */
const vscodeKeeps = (name) => /^[a-z0-9_-]+$/i.test(name);

/**
 * The false verdicts issue 30 lists, each as a test on a finding: a finding that matches one is
 * wrong whatever the server.
 */
const FALSE_VERDICTS = {
  // VS Code replaces /[^a-z0-9_-]/gi (case-insensitive) with `_` and never lower-cases: such a
  // name passes unchanged.
  'vscode: a name VS Code keeps': (f) => f.code.startsWith('vscode/') && f.tool && f.tool.pointer === '/name' && vscodeKeeps(f.tool.name),
  // No source shows a hyphenated name failing in Cursor: at most a note saying so.
  'cursor: a hyphen-only name': (f) => f.code.startsWith('cursor/') && f.severity !== 'info' && f.tool?.pointer === '/name' && /^[A-Za-z0-9_-]+$/.test(f.tool.name),
  // No public source for a strict-tool budget of 20/24: at most a note.
  'anthropic: a strict-tool budget': (f) => /budget/.test(f.code) && f.severity !== 'info',
  // Opt-in targets (strict modes, Gemini `parameters`, WebMCP) are not judged by default.
  'an opt-in target judged by default': (f) => /^(anthropic-strict|openai-strict|gemini|webmcp)\//.test(f.code),
  // Without `capabilities.tasks.requests.tools.call` the client must not augment: no refusal
  // code to blame.
  'tasks: a refusal code blamed': (f) => f.code === 'wrong-refusal-code',
  // An error response valid at the negotiated version is never a schema-version error.
  'schema-version on an error response': (f) => f.code === 'schema-version' && /error/i.test(f.message),
  // Messages never leak placeholders.
  'a placeholder in a message': (f) => /\b(KEYWORD|NAME)\b/.test(f.message),
};

for (const name of Object.keys(SERVERS)) {
  test(`${name}: check-server with the default targets`, () => {
    // Every error and warning left, by code and tool, is one checked against its source above.
    assertDefaultRun(RUNS[name], SERVERS[name].allowed, FALSE_VERDICTS);
  });
}

test('the human report of the longest tool lists stays under a screen, and names no file that was not written', () => {
  for (const name of READ) {
    const { status, stdout } = HUMAN[name];
    const lines = stdout.trimEnd().split('\n');
    assert.ok(lines.length <= 40, `${name}: ${lines.length} lines\n${stdout}`);
    assert.equal(status, RUNS[name].status, name);
    assert.match(stdout, /^transcript: not written/m);
    assert.doesNotMatch(stdout, /check-server\.jsonl/);
  }
});
