// The official MCP conformance suite (`@modelcontextprotocol/conformance`, pinned in package.json)
// as the conformance tests run it: it needs Node 22 APIs, so Bun from npm runs it (as
// tests/runtimes/ does). Shared by tests/node/conformance.test.mjs (the scenarios without
// authorization, the server scenarios) and the authorization scenarios' test file: the suite's
// path and version, a temp folder removed after the tests, `suite(args)`, the client scenarios a
// revision requires, and one client scenario run with check-server (pkg/cli.js) as the client,
// through the adapter tests/node/conformance-client.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after } from 'node:test';

const require = createRequire(import.meta.url);
/** The repository's root. */
export const ROOT = new URL('../../', import.meta.url).pathname;
/** The package's CLI, the client under test. */
export const CLI = join(ROOT, 'pkg', 'cli.js');
/** The client command given to the suite: check-server with the scenario, its revision and its
 * context mapped to its flags (tests/node/conformance-client.mjs). */
export const ADAPTER = join(ROOT, 'tests', 'node', 'conformance-client.mjs');
/** Bun from npm (`bun` in package.json). */
export const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
const SUITE_PACKAGE = require.resolve('@modelcontextprotocol/conformance/package.json');
/** The suite's command-line entry. */
export const SUITE = join(dirname(SUITE_PACKAGE), 'dist', 'index.js');
/** The suite's version, as installed. */
export const SUITE_VERSION = require(SUITE_PACKAGE).version;
/** A temp folder for the suite's runs (its working directory) and their files, removed after the
 * tests of the file that imports this module. */
export const TEMP = mkdtempSync(join(tmpdir(), 'conformance-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

/** Runs the suite under Bun in the temp folder (killed after `limitMs`; `env`: variables added to
 * its environment, which it passes on to the client it runs): `{ status, stdout, stderr }`. */
export function suite(args, { limitMs = 60000, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(BUN, [SUITE, ...args], { cwd: TEMP, env: { ...process.env, ...env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill(), limitMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** The client scenarios the suite requires of a client for `revision` (`list --client
 * --requirements REVISION`: the section "Client scenarios"), in the suite's order. */
export async function requiredClientScenarios(revision) {
  const { status, stdout, stderr } = await suite(['list', '--client', '--requirements', revision]);
  if (status !== 0) throw new Error(`conformance list --requirements ${revision} failed: ${stderr}`);
  const section = stdout.split(/^Client scenarios[^\n]*\n/m)[1]?.split(/\n\s*\n/)[0] ?? '';
  return [...section.matchAll(/^ {2}- (\S+)/gm)].map((m) => m[1]);
}

/**
 * Runs client scenario `scenario` at revision `protocol` (`--spec-version`: the suite's test server
 * speaks that revision's wire; without it a scenario older than 2026-07-28 runs at 2025-11-25;
 * undefined for an extension scenario, which no revision requires and `--spec-version` skips)
 * with `check-server --target mcp --record FILE OPTIONS… MAPPED… --url URL` as the client (the
 * suite appends its test server's URL; the adapter, ADAPTER, adds `--protocol` and the flags the
 * scenario needs), recording the transcript:
 * `{ checks, failed, run, record }`: the suite's checks (`--verbose` prints them as JSON), those
 * that failed or warned, the suite's `{ status, stdout, stderr }` (check-server's own output is in
 * `stderr` when it exits non-zero) and the transcript's path. `env`: variables for check-server
 * (the suite passes its environment on to the client).
 */
export async function runClientScenario(scenario, protocol, options = [], { env = {}, limitMs } = {}) {
  const record = join(TEMP, `${scenario.replaceAll('/', '_')}-${protocol ?? 'extension'}.jsonl`);
  const command = [process.execPath, ADAPTER, '--target', 'mcp', '--record', record, ...options];
  const revision = protocol ? ['--spec-version', protocol] : [];
  const run = await suite(['client', '--scenario', scenario, ...revision, '--command', command.join(' '), '--verbose'], { env, limitMs });
  let checks;
  try {
    checks = JSON.parse(run.stdout);
  } catch {
    throw new Error(`the suite printed no checks for ${scenario}: ${run.stdout}\n${run.stderr}`);
  }
  const failed = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
  return { checks, failed, run, record };
}
