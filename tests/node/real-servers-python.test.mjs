// `mcp-json-toolbox check-server` (pkg/cli.js) with its default targets on Python MCP servers
// from PyPI, across the stacks Python authors use (issue 43): the official SDK's 1.x low-level
// `Server` and 2.x `MCPServer`, FastMCP 3 and 4, pydantic-heavy schemas with `$defs` and nullable
// `anyOf`. Each is pinned: requirements-dev.txt (.venv/: `mcp` 2.3.0, FastMCP 4.1.4) and
// requirements-dev-mcp1.txt (.venv-mcp1/: `mcp` 1.30.0 and FastMCP 3.4.11, which require the
// SDK's 1.x line and so cannot share a venv with `mcp` 2.3.0); scripts/setup.sh python makes both.
// Each starts without credentials or network and lists its tools offline. One run per server,
// all at once; the assertions: exit 0 where the server is fine, each finding left checked against
// its source (the comment at its server), every finding inside a tool naming it, no finding
// printed twice, and no error from a `default` its schema rejects (a warning: issue 43).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertDefaultRun, runCli } from './run-cli.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'pkg/cli.js');
const PYTHON = join(ROOT, '.venv/bin/python');
const PYTHON_MCP1 = join(ROOT, '.venv-mcp1/bin/python');
const PYDANTIC_SERVER = join(ROOT, 'tests/fixtures/python/pydantic_server.py');
assert.ok(existsSync(CLI), 'pkg/ is missing: run make pkg first');
for (const python of [PYTHON, PYTHON_MCP1]) assert.ok(existsSync(python), `${python}: run scripts/setup.sh python (make setup)`);

const TEMP = mkdtempSync(join(tmpdir(), 'real-servers-python-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));
// The git servers want a repository to serve.
const REPO = join(TEMP, 'repo');
mkdirSync(REPO);
execFileSync('git', ['init', '--quiet', REPO]);

/**
 * The spec's own advice on a tool without arguments, a warning a default run may leave:
 * https://modelcontextprotocol.io/specification/2025-11-25/server/tools ("Tool with no
 * parameters": `{ "type": "object", "additionalProperties": false }`), checked 2026-12-03.
 */
const OPEN_NO_ARGUMENTS = 'no-argument-tool-open';

/**
 * A `default` its own schema rejects, a warning (issue 43: it was an error): JSON Schema 2020-12
 * only RECOMMENDS a valid default (https://json-schema.org/draft/2020-12/json-schema-validation#section-9.2,
 * checked 2026-12-03) and no consumer is shown refusing it. pydantic writes
 * `{"type": "string", "default": null}` for a parameter `country: str = None`.
 */
const INVALID_DEFAULT = 'invalid-default';

/**
 * The servers: the command, the stack, and `allowed`: the warnings a default run may still give,
 * as `{ code: [tool names] }`, each checked against its source in the comment above it. No server
 * here deserves an error by default.
 */
const SERVERS = {
  // The official git server (modelcontextprotocol/servers), 2026.10.19: SDK 2.x `MCPServer`.
  'git (SDK 2.x MCPServer)': {
    command: [PYTHON, '-m', 'mcp_server_git', '--repository', REPO],
    allowed: {},
  },
  // Its last release on the SDK's 1.x low-level `Server` (mcp.server.Server, hand-written
  // `list_tools` from pydantic models' `model_json_schema()`), 2026.1.14 on `mcp` 1.30.0.
  'git (SDK 1.x low-level Server)': {
    command: [PYTHON_MCP1, '-m', 'mcp_server_git', '--repository', REPO],
    allowed: {},
  },
  // duckduckgo-mcp-server 0.7.0 (nickclyde/duckduckgo-mcp-server): SDK 2.x `MCPServer`, its
  // banner on stderr (not stdout: no stdout-not-json).
  'duckduckgo (SDK 2.x MCPServer)': {
    command: [join(ROOT, '.venv/bin/duckduckgo-mcp-server')],
    allowed: {},
  },
  // excel-mcp-server 2.2.2: SDK 2.x `MCPServer`, 20-odd tools with pydantic arguments.
  'excel (SDK 2.x MCPServer, pydantic)': {
    command: [join(ROOT, '.venv/bin/excel-mcp-server'), 'stdio'],
    allowed: {},
  },
  // tests/fixtures/python/pydantic_server.py on FastMCP 4.1.4: nested models in `$defs`,
  // `Optional[...] = None` as `anyOf: [T, {"type": "null"}]` with `"default": null`, `Literal`;
  // its `country: str = None` is INVALID_DEFAULT's `{"type": "string", "default": null}`.
  'pydantic shapes (FastMCP 4)': {
    command: [PYTHON, PYDANTIC_SERVER],
    allowed: { [INVALID_DEFAULT]: ['search_contacts'] },
  },
  // The same file on FastMCP 3.4.11 (`mcp` 1.30.0).
  'pydantic shapes (FastMCP 3)': {
    command: [PYTHON_MCP1, PYDANTIC_SERVER],
    allowed: { [INVALID_DEFAULT]: ['search_contacts'] },
  },
};

/** Runs the CLI: `{ status, stdout, stderr, ms }` (killed after three minutes). */
const cli = (args) => runCli(args, { cwd: TEMP, env: { NO_COLOR: '1' }, limitMs: 180000 });

/** The servers whose human report with `--target all --verbose` is read for findings printed
 * twice: the most schemas (a target-shared rule was one finding per target before). */
const ALL_TARGETS = ['excel (SDK 2.x MCPServer, pydantic)', 'pydantic shapes (FastMCP 4)'];

/** Each server's run with `--format json` (default targets) and ALL_TARGETS' human reports, all
 * started at once. A Python server's start (interpreter, pydantic, the SDK) takes seconds on a
 * busy machine: the start-up wait is generous. */
const RUNS = {};
const ALL = {};
before(async () => {
  const started = Date.now();
  const args = ['check-server', '--startup-timeout', '120000', '--timeout', '60000'];
  await Promise.all([
    ...Object.entries(SERVERS).map(async ([name, { command }]) => {
      const run = await cli([...args, '--format', 'json', '--', ...command]);
      RUNS[name] = { ...run, document: run.stdout ? JSON.parse(run.stdout) : undefined };
    }),
    ...ALL_TARGETS.map(async (name) => {
      ALL[name] = await cli([...args, '--target', 'all', '--verbose', '--', ...SERVERS[name].command]);
    }),
  ]);
  process.stderr.write(`# real Python servers: ${Object.keys(SERVERS).length + ALL_TARGETS.length} check-server runs in ${Date.now() - started} ms\n`);
});

for (const name of Object.keys(SERVERS)) {
  test(`${name}: check-server with the default targets`, () => {
    // Each error and warning left, by code and tool, is one checked against its source above; a
    // `default` its schema rejects is never an error.
    assertDefaultRun(RUNS[name], SERVERS[name].allowed, {
      'an invalid default as an error': (f) => f.code === INVALID_DEFAULT && f.severity === 'error',
    });
  });
}

for (const name of ALL_TARGETS) {
  test(`${name}: --target all prints no finding twice`, () => {
    const { stdout, stderr } = ALL[name];
    assert.match(stdout, /^tools: \d+$/m, stderr);
    // A finding's first line: `where severity[code]: message`.
    const heads = stdout.split('\n').filter((l) => /^\S.*: (error|warning|info)\[[^\]]+\]: /.test(l));
    const twice = heads.filter((l, i) => heads.indexOf(l) !== i);
    assert.deepEqual(twice, [], 'each finding once');
  });
}
