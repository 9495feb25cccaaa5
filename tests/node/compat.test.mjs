// Provider compatibility through the package (pkg/node.js) and the CLI (pkg/cli.js): text and
// value input give the same verdicts (values without spans), lowering passes its target, bad
// input is reported, and `compat` / `check-tool --target` print the matrix and findings.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import * as api from '../../pkg/node.js';
import { table, targetsTable } from '../../scripts/compat-table.mjs';

const require = createRequire(import.meta.url);
// The targets the crate's data declares (a consumer is one data file: no list is pinned here), in
// report order: APIs, then hosts, then the spec (each target's `kind` in compat-data/).
const TARGETS = api.compatTargets();
const DEFAULTS = TARGETS.filter((t) => !t.optIn).map((t) => t.name);
const ALL = TARGETS.map((t) => t.name);
const OPT_IN = TARGETS.filter((t) => t.optIn).map((t) => t.name);

const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;
const REFERENCE = new URL('../fixtures/lint/reference-tools.json', import.meta.url).pathname;

/** Runs the CLI: `{ status, stdout, stderr }`. */
function cli(args, input) {
  const run = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const TOOL = {
  name: 'github.search',
  inputSchema: {
    type: 'object',
    properties: { q: { type: 'string', format: 'uri' }, limit: { type: 'integer', enum: [10, 50] } },
    required: ['q'],
  },
};

/** A result with its spans removed, to compare a value's result with the text's. */
function withoutSpans(value) {
  return JSON.parse(JSON.stringify(value, (k, v) => (k === 'span' || k === 'schemaSpan' ? undefined : v)));
}

test('compatTargets: every target in report order, the opt-in ones marked; the default ones are checked without targets, all with "all"', () => {
  const infos = api.compatTargets();
  const rank = { api: 0, host: 1, spec: 2 };
  const ranks = infos.map((i) => rank[i.kind]);
  assert.ok(ranks.every((r, i) => r !== undefined && (i === 0 || ranks[i - 1] <= r)), `report order: ${ranks}`);
  assert.ok(DEFAULTS.includes('anthropic') && DEFAULTS.includes('mcp') && OPT_IN.includes('openai-strict'));
  assert.equal(new Set(ALL).size, ALL.length, 'each name once');
  assert.ok(infos.every((i) => typeof i.title === 'string' && i.title.length > 0));
  assert.equal(infos.find((i) => i.name === 'gemini-json-schema').label, 'Gemini JSON Schema');
  assert.deepEqual(Object.keys(api.checkCompatibility(TOOL).list), DEFAULTS);
  assert.deepEqual(Object.keys(api.checkCompatibility(TOOL, { targets: ['all'] }).list), ALL);
  assert.deepEqual(Object.keys(api.checkCompatibility(TOOL, { targets: 'all' }).list), ALL);
});

test('checkCompatibility: a verdict per tool and target, findings with spans; a value gives the same without spans', () => {
  const text = JSON.stringify(TOOL, null, 2);
  const report = api.checkCompatibility(text, { targets: ['all'] });
  assert.equal(report.tools.length, 1);
  assert.deepEqual(Object.keys(report.tools[0].targets), ALL);
  const anthropic = report.tools[0].targets.anthropic;
  assert.equal(anthropic.verdict, 'rejected');
  assert.equal(anthropic.diagnostics[0].code, 'anthropic/name');
  assert.equal(anthropic.diagnostics[0].span.line, 2);
  assert.equal(anthropic.diagnostics[0].fix.replacement, '"github_search"');
  assert.equal(report.tools[0].targets.vscode.verdict, 'rewritten');
  assert.equal(report.tools[0].targets.mcp.verdict, 'accepted');
  assert.equal(report.list.anthropic.verdict, 'rejected');
  // The worst verdict per target, computed by the crate (the page's badges read it).
  assert.equal(report.worst.anthropic, 'rejected');
  assert.equal(report.worst.mcp, 'accepted');
  const value = api.checkCompatibility(TOOL, { targets: ['all'] });
  assert.deepEqual(value, withoutSpans(report));
  const only = api.checkCompatibility(TOOL, { targets: ['gemini'], serverName: 'gh' });
  assert.deepEqual(Object.keys(only.list), ['gemini']);
  assert.throws(() => api.checkCompatibility(TOOL, { targets: ['nope'] }), TypeError);
  assert.throws(() => api.checkCompatibility(TOOL, { target: ['gemini'] }), TypeError);
});

test('lowerTool: the lowered tool passes its target, with what changed and what is lost', () => {
  for (const target of ALL) {
    const lowered = api.lowerTool(TOOL, target);
    assert.equal(lowered.diagnostics.length, 0);
    const again = api.checkCompatibility(lowered.tool, { targets: [target] });
    assert.equal(again.tools[0].targets[target].verdict, 'accepted', `${target}: ${JSON.stringify(again)}`);
    assert.deepEqual(api.lowerTool(JSON.stringify(TOOL), target), lowered, 'text and value lower alike');
  }
  const gemini = api.lowerTool(TOOL, 'gemini');
  assert.deepEqual(gemini.tool.inputSchema.properties.limit, { type: 'string', enum: ['10', '50'] });
  assert.ok(gemini.lost.some((l) => l.keyword === 'enum'));
  const strict = api.lowerTool(TOOL, 'openai-strict');
  assert.deepEqual(strict.tool.inputSchema.required, ['q', 'limit']);
  assert.ok(strict.lost.some((l) => l.keyword === 'format'));
  assert.throws(() => api.lowerTool(TOOL, 'nope'), TypeError);
});

test('bad input: reported, never thrown; 10,000 tools checked', () => {
  assert.equal(api.checkCompatibility('{').diagnostics.length, 1);
  assert.equal(api.checkCompatibility(42).diagnostics[0].code, 'not-a-tool');
  assert.equal(api.lowerTool('[]', 'gemini').tool, null);
  assert.throws(() => api.checkCompatibility({ a: NaN }), TypeError);
  const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
  const report = api.checkCompatibility(many, { targets: ['openai'] });
  assert.equal(report.tools.length, 10_000);
  assert.equal(report.list.openai.verdict, 'rejected');
});

test('compat CLI: the matrix then the findings, exit 1 on rejected or dropped; --format json; --lower', () => {
  const lists = JSON.parse(readFileSync(REFERENCE, 'utf8'));
  const everything = JSON.stringify({ tools: lists[0].tools }, null, 2);
  // A comma list and a repeated flag together; Cursor's hyphen rule is a note (info), not a drop.
  const run = cli(['compat', '--target', 'anthropic,cursor', '--target', 'vscode', '--server-name', 'everything', '-'], everything);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const lines = run.stdout.split('\n');
  assert.equal(lines[0], '<stdin>:');
  assert.match(lines[1], /^ {2}tool +anthropic +cursor +vscode$/);
  assert.match(run.stdout, /get-annotated-message +✓ +✓ +✓/);
  assert.match(run.stdout, /\(whole list\) +✓ +✓ +✓/);
  assert.match(run.stdout, /<stdin>:\d+:\d+: info\[cursor\/name-hyphen\].*unverified/);
  assert.doesNotMatch(run.stdout, /error\[cursor\/name\]/);
  // The default targets: the consumers without opt-in; a good server passes them (notes aside:
  // Claude Code's on its draft-07 outputSchemas, Cursor's on `-`).
  const plain = cli(['compat', '-'], everything);
  assert.equal(plain.status, 0, plain.stdout);
  assert.match(plain.stdout.split('\n')[1], new RegExp(`^ {2}tool +${DEFAULTS.join(' +')}$`));
  assert.match(plain.stdout, /info\[claude-code\/output-dialect\]/);
  assert.doesNotMatch(plain.stdout, /error\[/);
  assert.match(cli(['compat', '--target', 'all', '-'], everything).stdout.split('\n')[1], new RegExp(`^ {2}tool +${ALL.join(' +')}$`));
  const json = JSON.parse(cli(['compat', '--target', 'anthropic', '--format', 'json', '-'], everything).stdout);
  assert.equal(json.results[0].list.anthropic, 'accepted');
  assert.equal(cli(['compat', '--target', 'anthropic', '-'], everything).status, 0);
  const github = cli(['compat', '--target', 'gemini', '--format', 'github', '-'], everything);
  assert.equal(github.status, 1);
  assert.match(github.stdout, /^::error file=<stdin>,line=\d+,col=\d+,.*title=gemini\/schema-keyword::/m);
  const lowered = cli(['compat', '--lower', 'gemini', '-'], JSON.stringify(TOOL));
  assert.equal(lowered.status, 0, lowered.stderr);
  assert.match(lowered.stdout, /^<stdin>: lowered for gemini\n\{/);
  assert.match(lowered.stdout, /no longer enforced \/inputSchema\/properties\/limit\/enum \(enum\)/);
  // A list's tool count is not one tool's: no tool, and why, with the numbers.
  const list = Array.from({ length: 129 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
  const count = cli(['compat', '--lower', 'openai', '-'], JSON.stringify(list));
  assert.equal(count.status, 1, count.stderr);
  assert.match(count.stdout, /cannot lower : 129 tools; at most 128 are taken.*; lowering cannot fix this: it rewrites one tool at a time/);
  // --server-name leaves the server's name its part of Cursor's 60.
  const long = JSON.stringify({ name: 'x'.repeat(70), inputSchema: { type: 'object' } });
  const cut = cli(['compat', '--lower', 'cursor', '--server-name', 'server', '--format', 'json', '-'], long);
  assert.equal(cut.status, 0, cut.stdout + cut.stderr);
  assert.equal(JSON.parse(cut.stdout).results[0].tool.name.length, 53);
  const unknown = cli(['compat', '--target', 'anthropic,nope', '-'], '{}');
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown --target nope/);
  assert.equal(cli(['compat', '--lower', 'nope', '-'], '{}').status, 2);
  const help = cli(['compat', '--help']).stdout;
  assert.match(help, /--server-name NAME/);
  assert.ok(help.includes(`default: ${DEFAULTS.join(', ')}\n`), help);
  assert.ok(help.includes(`opt-in: ${OPT_IN.join(', ')}\n`), help);
  for (const { label } of TARGETS) assert.ok(help.replace(/\s+/g, ' ').includes(label), `${label} in the summary`);
  assert.match(help, /--compat-data FILE/);
});

test('compat data: --compat-data and checkCompatibility({ data }) add entries; bad data gets positioned errors; --data-report', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'compat-data-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const gateway = {
    entries: [{
      code: 'openai/max-tools', consumer: 'openai', feature: 'max-tools', with: { max: 1 }, verdict: 'rejected',
      seen: 'too many tools for the gateway',
      evidence: [{ url: 'https://example.com/gateway', observed: '2026-11-30', checked: '2026-12-03' }],
    }],
  };
  const good = join(dir, 'gateway.json');
  writeFileSync(good, JSON.stringify(gateway, null, 2));
  const two = JSON.stringify([TOOL, { ...TOOL, name: 'other' }]);
  assert.equal(api.checkCompatibility(two, { targets: ['openai'] }).list.openai.verdict, 'rejected', 'the names are refused');
  const fine = [{ name: 'a', inputSchema: { type: 'object' } }, { name: 'b', inputSchema: { type: 'object' } }];
  assert.equal(api.checkCompatibility(fine, { targets: ['openai'] }).list.openai.verdict, 'accepted');
  assert.equal(api.checkCompatibility(fine, { targets: ['openai'], data: gateway }).list.openai.verdict, 'rejected');
  assert.equal(api.checkCompatibility(fine, { targets: ['openai'], data: JSON.stringify(gateway) }).list.openai.verdict, 'rejected');
  const run = cli(['compat', '--target', 'openai', '--compat-data', good, '-'], JSON.stringify(fine));
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /error\[openai\/max-tools\].*evidence 2026-11-30/);
  // Bad data: a finding at its line and column, exit 2; from the API a TypeError naming it.
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '{"entries": [\n  {"code": "x", "consumer": "openai", "feature": "max-tools",\n   "verdict": "refused", "evidence": []}]}');
  const refused = cli(['compat', '--compat-data', bad, '-'], JSON.stringify(fine));
  assert.equal(refused.status, 2, refused.stdout + refused.stderr);
  assert.match(refused.stdout, /bad\.json:3:15: error\[compat-data-invalid\]/);
  assert.throws(() => api.checkCompatibility(fine, { data: readFileSync(bad, 'utf8') }), /3:15/);
  // The data report: every entry, least recently checked first.
  const report = cli(['compat', '--data-report', '--compat-data', good]);
  assert.equal(report.status, 0, report.stderr);
  const lines = report.stdout.trim().split('\n').slice(1);
  const dates = lines.map((l) => l.slice(0, 10));
  assert.deepEqual(dates, [...dates].sort());
  assert.ok(lines.some((l) => l.includes('https://example.com/gateway')));
  const { rows, diagnostics } = api.compatDataReport();
  assert.equal(diagnostics.length, 0);
  assert.equal(rows.length + 1, lines.length);
});

/** A user's data declaring a consumer of its own: a gateway that passes tools on to OpenAI and takes at most one. */
const ACME = {
  targets: [{ name: 'acme-gateway', label: 'Acme gateway', title: "Acme's MCP gateway (then OpenAI)", kind: 'host', versions: 'numbers', inherits: ['openai'] }],
  entries: [{
    code: 'acme/max-tools', consumer: 'acme-gateway', feature: 'max-tools', with: { max: 1 }, verdict: 'rejected',
    seen: 'too many tools for Acme',
    evidence: [{ url: 'https://example.com/acme', observed: '2026-11-30', checked: '2026-12-03' }],
  }],
};

test('user data declares a whole consumer: compatTargets, checkCompatibility, lowerTool and --compat-data take it', (t) => {
  const fine = [{ name: 'a', inputSchema: { type: 'object' } }, { name: 'b.c', inputSchema: { type: 'object' } }];
  const infos = api.compatTargets(JSON.stringify(ACME));
  assert.deepEqual(infos.map((i) => i.name), [...ALL.slice(0, -1), 'acme-gateway', 'mcp'], 'a host: after the built-in hosts');
  const acme = infos.find((i) => i.name === 'acme-gateway');
  assert.deepEqual([acme.label, acme.optIn, acme.kind, acme.consumers], ['Acme gateway', false, 'host', ['acme-gateway', 'openai']]);
  const report = api.checkCompatibility(fine, { targets: ['acme-gateway'], data: ACME });
  assert.equal(report.list['acme-gateway'].verdict, 'rejected');
  assert.equal(report.list['acme-gateway'].diagnostics[0].code, 'acme/max-tools');
  assert.equal(report.tools[1].targets['acme-gateway'].diagnostics[0].code, 'openai/name', 'inherited from openai');
  // A default target (not opt-in): checked without `targets`.
  assert.ok('acme-gateway' in api.checkCompatibility(fine, { data: ACME }).worst);
  assert.equal(api.lowerTool(fine[1], 'acme-gateway', { data: ACME }).tool.name, 'b_c');
  assert.throws(() => api.checkCompatibility(fine, { targets: ['acme-gateway'] }), /unknown target "acme-gateway"/);
  assert.throws(() => api.checkCompatibility(fine, { targets: ['acme-gateway@2026-08'], data: ACME }), /takes a version such as/);
  // Bad declarations: a TypeError naming line:column.
  const typo = JSON.stringify({ ...ACME, entries: [{ ...ACME.entries[0], consumer: 'acme-gatewya' }] }, null, 2);
  assert.throws(() => api.checkCompatibility(fine, { data: typo }), /bad compatibility data: \d+:\d+: no target runs consumer "acme-gatewya"/);
  assert.throws(() => api.compatTargets(typo), TypeError);
  // The CLI: --target takes it, its column is in the matrix; a bad file gets positioned findings.
  const dir = mkdtempSync(join(tmpdir(), 'compat-acme-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const good = join(dir, 'acme.json');
  writeFileSync(good, JSON.stringify(ACME, null, 2));
  const run = cli(['compat', '--compat-data', good, '--target', 'acme-gateway,mcp', '-'], JSON.stringify(fine));
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /^ {2}tool +acme-gateway +mcp$/m);
  assert.match(run.stdout, /error\[acme\/max-tools\].*users see: too many tools for Acme/);
  const defaults = cli(['compat', '--compat-data', good, '--target', 'default', '--format', 'json', '-'], JSON.stringify(fine));
  assert.ok(JSON.parse(defaults.stdout).results[0].list['acme-gateway'], defaults.stdout);
  assert.equal(cli(['compat', '--compat-data', good, '--lower', 'acme-gateway', '-'], JSON.stringify(fine[1])).status, 0);
  // Everywhere the targets are listed: `--target all`, the help (its labels and the default list),
  // the data report.
  const all = cli(['compat', '--compat-data', good, '--target', 'all', '-'], JSON.stringify(fine));
  assert.match(all.stdout.split('\n')[1], new RegExp(`^ {2}tool +${infos.map((i) => i.name).join(' +')}$`));
  const help = cli(['compat', '--compat-data', good, '--help']).stdout;
  assert.ok(help.includes(`default: ${infos.filter((i) => !i.optIn).map((i) => i.name).join(', ')}\n`), help);
  assert.ok(help.replace(/\s+/g, ' ').includes('Acme gateway,'), help);
  assert.doesNotMatch(cli(['compat', '--help']).stdout, /acme/i, 'the data file alone adds it');
  const listed = cli(['compat', '--compat-data', good, '--data-report']).stdout;
  assert.match(listed, /acme\/max-tools \(acme-gateway, max-tools\): rejected/);
  // docs/compat.md's generator: its targets row among the hosts, its entry in the rules table.
  const written = JSON.parse(readFileSync(good, 'utf8'));
  const hosts = targetsTable([written]).filter((line) => line.includes('| host |'));
  assert.equal(hosts.at(-1), '| `acme-gateway` | Acme gateway | host | numbers | no | `acme-gateway`, `openai` |');
  assert.ok(table([written]).includes('| acme-gateway | `acme/max-tools` | rejected | all | max-tools: max 1 | 2026-11-30; 2026-12-03: [example.com…/acme](https://example.com/acme) |'));
  assert.ok(!targetsTable().some((line) => line.includes('acme')), 'the data file alone adds it');
  assert.equal(cli(['compat', '--target', 'acme-gateway', '-'], JSON.stringify(fine)).status, 2, 'unknown without the data');
  const bad = join(dir, 'typo.json');
  writeFileSync(bad, typo);
  const refused = cli(['compat', '--compat-data', bad, '-'], JSON.stringify(fine));
  assert.equal(refused.status, 2, refused.stdout + refused.stderr);
  assert.match(refused.stdout, /typo\.json:\d+:\d+: error\[compat-data-invalid\]: no target runs consumer "acme-gatewya"/);
});

test('docs/compat.md\'s targets table lists what compatTargets() lists, in its order', () => {
  const doc = readFileSync(new URL('../../docs/compat.md', import.meta.url), 'utf8');
  const rows = [...doc.matchAll(/^\| `([a-z0-9-]+)` \| ([^|]+) \| (api|host|spec) \| (numbers|dates) \| (yes|no) \|/gm)];
  assert.deepEqual(
    rows.map((m) => [m[1], m[2], m[3], m[4], m[5] === 'yes']),
    api.compatTargets().map((t) => [t.name, t.label, t.kind, t.versions, t.optIn]),
  );
});

test('targets take versions: claude-code@2.1.83 does not cut descriptions, 2.1.84 does', () => {
  const long = { name: 't', description: 'd'.repeat(3000), inputSchema: { type: 'object' } };
  const old = api.checkCompatibility(long, { targets: ['claude-code@2.1.83'] });
  assert.equal(old.tools[0].targets['claude-code@2.1.83'].verdict, 'accepted', 'keyed as asked');
  assert.equal(old.tools[0].targets['claude-code@2.1.83'].version, '2.1.83');
  const now = api.checkCompatibility(long, { targets: ['claude-code'] });
  assert.equal(now.tools[0].targets['claude-code'].verdict, 'rewritten');
  assert.match(now.tools[0].targets['claude-code'].diagnostics[0].message, /since 2\.1\.84 \(evidence 2026-08-18\)/);
  const run = cli(['compat', '--target', 'claude-code@2.1.83', '-'], JSON.stringify(long));
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /claude-code@2\.1\.83/);
  // One consumer at two versions: two columns, each its own verdict.
  const both = cli(['compat', '--target', 'claude-code@2.1.83,claude-code', '-'], JSON.stringify(long));
  assert.match(both.stdout, /^ {2}t +✓ +rewritten$/m, both.stdout);
  assert.equal(api.lowerTool(long, 'claude-code').tool.description.length, 2048);
  assert.equal(api.lowerTool(long, 'claude-code@2.1.83').tool.description.length, 3000);
  assert.throws(() => api.checkCompatibility(long, { targets: ['claude-code@latest'] }), TypeError);
});

test('mcp and checkTool give one verdict on a schema that is not JSON Schema; lowering says it cannot fix it', () => {
  const tool = { name: 't', inputSchema: { type: 'object', properties: { n: { type: 'int' } } } };
  const host = api.checkTool(tool);
  assert.ok(host.diagnostics.some((d) => d.code === 'invalid-schema'));
  const compat = api.checkCompatibility(tool, { targets: ['mcp'] });
  assert.equal(compat.tools[0].targets.mcp.verdict, 'rejected');
  assert.ok(compat.tools[0].targets.mcp.diagnostics.some((d) => d.code === 'invalid-schema'));
  const lowered = api.lowerTool(tool, 'mcp');
  assert.ok(lowered.unresolved.some((d) => d.code === 'invalid-schema' && /lowering cannot fix this: .*cannot be guessed/.test(d.message)));
});

test('check-tool --target adds the consumers\' rules', () => {
  const text = JSON.stringify(TOOL);
  const plain = cli(['check-tool', '-'], text);
  assert.doesNotMatch(plain.stdout, /anthropic\/name/);
  const targeted = cli(['check-tool', '--target', 'anthropic,mcp', '-'], text);
  assert.equal(targeted.status, 1);
  assert.match(targeted.stdout, /error\[anthropic\/name\]/);
  // The same --target syntax as compat: repeated, `default`, `all`.
  assert.match(cli(['check-tool', '--target', 'vscode', '--target', 'anthropic', '-'], text).stdout, /error\[anthropic\/name\]/);
  assert.doesNotMatch(cli(['check-tool', '--target', 'default', '-'], text).stdout, /gemini\//);
  assert.match(cli(['check-tool', '--target', 'all', '-'], text).stdout, /error\[gemini\/name\]|error\[gemini\/enum-not-string\]/);
  const bad = cli(['check-tool', '--target', 'x', '-'], text);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown --target x/);
});

/** The `bin` script of a reference server package. */
function bin(pkg) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: entry } = require(manifest);
  return join(dirname(manifest), typeof entry === 'string' ? entry : Object.values(entry)[0]);
}

test('lowering passes its own profile on every tool of the real npm reference servers', async () => {
  const { startStdio } = await import('../../runtime/mcp-client/stdio.js');
  const { negotiate, listAll } = await import('../../runtime/mcp-client/session.js');
  const servers = [
    ['@modelcontextprotocol/server-everything', []],
    ['@modelcontextprotocol/server-filesystem', [process.cwd()]],
    ['@modelcontextprotocol/server-memory', []],
    ['@modelcontextprotocol/server-sequential-thinking', []],
  ];
  let lowered = 0;
  await Promise.all(servers.map(async ([pkg, args]) => {
    const server = startStdio(process.execPath, [bin(pkg), ...args], { timeoutMs: 20000 });
    try {
      const session = await negotiate(server.connection, '2025-11-25');
      const { items } = await listAll(server.connection, session, 'tools/list', 'tools');
      assert.ok(items.length > 0, `${pkg} lists tools`);
      for (const tool of items) {
        for (const target of ALL) {
          const out = api.lowerTool(tool, target);
          const again = api.checkCompatibility(out.tool, { targets: [target] });
          assert.equal(out.unresolved.length, 0, `${pkg} ${tool.name} for ${target}: ${JSON.stringify(out.unresolved)}`);
          assert.equal(again.tools[0].targets[target].verdict, 'accepted',
            `${pkg} ${tool.name} lowered for ${target}: ${JSON.stringify(again.tools[0].targets[target].diagnostics.map((d) => d.message))}`);
          lowered += 1;
        }
      }
    } finally {
      await server.close();
    }
  }));
  assert.ok(lowered > 100, `${lowered} lowerings`);
});

test('compat --target all prints a rule several targets share once, naming them (issue 43)', () => {
  const run = cli(['compat', '--target', 'all', '--format', 'json', '-'], JSON.stringify(TOOL));
  const found = JSON.parse(run.stdout).findings.filter((f) => f.code === 'anthropic/name');
  assert.equal(found.length, 1, run.stdout);
  // Every target that runs Anthropic's entries, in report order (the data says which), but one
  // that acts first with its own rule (`replaces`: Claude Code rewrites the name).
  const report = api.checkCompatibility(TOOL, { targets: ['all'] });
  const sharing = TARGETS.filter((t) => t.consumers.includes('anthropic'))
    .map((t) => t.name)
    .filter((name) => report.tools[0].targets[name].diagnostics.some((d) => d.code === 'anthropic/name'));
  assert.ok(sharing.length >= 3 && sharing.includes('claude-desktop') && !sharing.includes('claude-code'), sharing.join(', '));
  assert.ok(found[0].message.startsWith(`${sharing.join(', ')}: `), found[0].message);
  const human = cli(['compat', '--target', 'all', '--verbose', '-'], JSON.stringify(TOOL)).stdout;
  assert.equal(human.match(/error\[anthropic\/name\]/g).length, 1, human);
});

test('compat judges an initialize result: Claude Code cuts instructions past 2,048 characters (issue 43)', () => {
  const result = {
    protocolVersion: '2025-11-25',
    capabilities: {},
    serverInfo: { name: 's', version: '1' },
    instructions: `${'i'.repeat(2048)}LOST`,
  };
  const report = api.checkCompatibility({ jsonrpc: '2.0', id: 0, result }, { targets: ['claude-code', 'anthropic'] });
  assert.equal(report.server['claude-code'].verdict, 'rewritten');
  assert.equal(report.server.anthropic.verdict, 'accepted');
  assert.deepEqual(report.findings.map((d) => [d.code, d.instancePath]), [['claude-code/instructions-cut', '/result/instructions']]);
  assert.match(report.findings[0].message, /losing "LOST"/);
  const run = cli(['compat', '--target', 'claude-code', '-'], JSON.stringify(result));
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /\(server\) +rewritten/);
  assert.match(run.stdout, /warning\[claude-code\/instructions-cut\]/);
});
