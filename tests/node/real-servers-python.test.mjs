// `mcp-json-toolbox check-server` (pkg/cli.js) with its default targets on Python MCP servers
// from PyPI, across the stacks Python authors use (issue 43): the official SDK's 1.x low-level
// `Server` and 2.x `MCPServer`, FastMCP 3 and 4, pydantic-heavy schemas with `$defs` and nullable
// `anyOf`. Each is pinned: requirements-dev.txt (.venv/: `mcp` 2.3.0, FastMCP 4.1.4) and
// requirements-dev-mcp1.txt (.venv-mcp1/: `mcp` 1.30.0 and FastMCP 3.4.11, which require the
// SDK's 1.x line and so cannot share a venv with `mcp` 2.3.0); scripts/setup.sh python makes both.
// FastMCP in real packages: mcp-server-motherduck (4) and mcp-atlassian (3); and a fixture of
// pydantic's shapes on both.
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
 * mcp-atlassian's services, each a URL and a personal access token, without which it lists none of
 * their tools: placeholders (a closed port on 127.0.0.1), nothing is asked of them to list.
 */
const ATLASSIAN = {
  JIRA_URL: 'http://127.0.0.1:9',
  JIRA_PERSONAL_TOKEN: 'placeholder',
  CONFLUENCE_URL: 'http://127.0.0.1:9',
  CONFLUENCE_PERSONAL_TOKEN: 'placeholder',
  TOOLSETS: 'all',
};

/**
 * mcp-atlassian's flattened nullable parameter: `{"type": T, "default": null, ...}`, an
 * INVALID_DEFAULT at the parameter's `default` (on more tools than are worth listing).
 */
const ATLASSIAN_NULL_DEFAULTS = (f) => f.severity === 'warning' && /^(jira|confluence)_/.test(f.tool?.name ?? '') &&
  /^\/inputSchema\/properties\/[^/]+\/default$/.test(f.tool.pointer) && /, got null$/.test(f.message);

/**
 * The servers: the command (and `env`, added to the CLI's and so the server's), the stack, and
 * `allowed`: the warnings a default run may still give, as `{ code: [tool names] }` (or a test
 * each finding of the code passes), each checked against its source in the comment above it. No
 * server here deserves an error by default.
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
  // mcp-server-motherduck 1.1.0 (motherduckdb/mcp-server-motherduck): FastMCP 4 (4.1.4 here), an
  // in-memory DuckDB (`--read-write`: DuckDB's in-memory database is always writable, the server
  // refuses to start without the flag), `outputSchema`s, annotations, pydantic's nullable
  // `anyOf: [{"type": "string"}, {"type": "null"}]` with `"default": null`. Its `instructions`
  // (a DuckDB SQL guide, about 3,700 characters) pass Claude Code's 2,048-character cut: a
  // `rewritten` warning on the server (Claude Code's docs, "For MCP server authors": "Claude Code
  // truncates tool descriptions and server instructions at 2KB each", quoted in
  // RedHatInsights/insights-mcp#340, 2026-04-03).
  'motherduck (FastMCP 4)': {
    command: [join(ROOT, '.venv/bin/mcp-server-motherduck'), '--read-write', '--home-dir', TEMP],
    allowed: { 'claude-code/instructions-cut': (f) => f.severity === 'warning' && /^`instructions` has \d+ characters; the model reads the first 2048/.test(f.message) },
  },
  // mcp-atlassian 0.23.1 (sooperset/mcp-atlassian): FastMCP 3 (3.4.11 on `mcp` 1.30.0), 98 Jira and
  // Confluence tools from pydantic `Field`s. It lists the tools of a service only once its URL and
  // a token are set (ATLASSIAN below: placeholders on a closed port, nothing is asked of them to
  // list). It flattens pydantic's nullable `anyOf` into `{"type": "string", "default": null}`
  // for Vertex AI and Google ADK, which refuse `anyOf` beside `default`/`description` (its
  // `_sanitize_schema_for_compatibility`, servers/main.py, after its issues #640 and #733):
  // issue 43's INVALID_DEFAULT, a warning on each tool with such a parameter.
  'atlassian (FastMCP 3, pydantic)': {
    command: [join(ROOT, '.venv-mcp1/bin/mcp-atlassian')],
    env: ATLASSIAN,
    allowed: { [INVALID_DEFAULT]: ATLASSIAN_NULL_DEFAULTS },
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

/** Runs the CLI with `env` added: `{ status, stdout, stderr, ms }` (killed after three minutes). */
const cli = (args, env = {}) => runCli(args, { cwd: TEMP, env: { NO_COLOR: '1', ...env }, limitMs: 180000 });

/**
 * The servers whose human report with `--target all --verbose` is read for findings printed twice
 * (a rule several targets share was one finding per target before: issue 43), each with the
 * shared rules it breaks, `{ code: targets reporting it }`, printed once all the same. Atlassian's
 * jira_update_proforma_form_answers has a description of 1,854 characters: `openai/description-length`,
 * OpenAI's and OpenAI strict's (a note: its source in compat-data/).
 */
const ALL_TARGETS = {
  'atlassian (FastMCP 3, pydantic)': { 'openai/description-length': ['openai', 'openai-strict'] },
  'pydantic shapes (FastMCP 4)': {},
};

/** Each server's run with `--format json` (default targets) and ALL_TARGETS' human reports, all
 * started at once. A Python server's start (interpreter, pydantic, the SDK) takes seconds on a
 * busy machine: the start-up wait is generous. */
const RUNS = {};
const ALL = {};
before(async () => {
  const started = Date.now();
  const args = ['check-server', '--startup-timeout', '120000', '--timeout', '60000'];
  await Promise.all([
    ...Object.entries(SERVERS).map(async ([name, { command, env }]) => {
      const run = await cli([...args, '--format', 'json', '--', ...command], env);
      RUNS[name] = { ...run, document: run.stdout ? JSON.parse(run.stdout) : undefined };
    }),
    ...Object.keys(ALL_TARGETS).map(async (name) => {
      ALL[name] = await cli([...args, '--target', 'all', '--verbose', '--', ...SERVERS[name].command], SERVERS[name].env);
    }),
  ]);
  process.stderr.write(`# real Python servers: ${Object.keys(SERVERS).length + Object.keys(ALL_TARGETS).length} check-server runs in ${Date.now() - started} ms\n`);
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

for (const [name, shared] of Object.entries(ALL_TARGETS)) {
  test(`${name}: --target all prints no finding twice`, () => {
    const { stdout, stderr } = ALL[name];
    assert.match(stdout, /^tools: \d+$/m, stderr);
    // A finding's first line: `where severity[code]: message`.
    const heads = stdout.split('\n').filter((l) => /^\S.*: (error|warning|info)\[[^\]]+\]: /.test(l));
    const twice = heads.filter((l, i) => heads.indexOf(l) !== i);
    assert.deepEqual(twice, [], 'each finding once');
    for (const [code, targets] of Object.entries(shared)) {
      assert.equal(heads.filter((l) => l.includes(`[${code}]: `)).length, 1, `${code}, each of ${targets.join(', ')}'s, once`);
    }
  });
}
