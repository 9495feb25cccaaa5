// What the tests of real servers share: running pkg/cli.js (its output collected, killed after a
// limit, timed) and the checks of a default check-server run.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { compatTargets } from '../../pkg/node.js';

const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;

/** Runs `node pkg/cli.js ...args` in `cwd` with `env` added: `{ status, stdout, stderr, ms }`
 * (killed after `limitMs`). */
export function runCli(args, { cwd, env = {}, limitMs = 60000 } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, ...env } });
    let [stdout, stderr] = ['', ''];
    child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** A finding as one line for an assertion message. */
export const findingLine = (f) => `${f.severity}[${f.code}] ${f.tool ? `tool ${f.tool.name} ${f.tool.pointer} ` : ''}${f.message}`;

/**
 * Checks one `check-server --format json` run with the default targets on a real server: it
 * listed tools, the default targets judged them, no finding matches one of `wrong` (`{ verdict:
 * (finding) => boolean }`), every finding inside a listed tool names it, the errors and warnings
 * left are exactly `allowed` (`{ code: [tool names] }`, each checked against its source where the
 * server is listed; for a code found on too many tools to list, `{ code: (finding) => boolean }`:
 * found at least once, and each finding of it the shape its source explains), and it exits 0.
 */
export function assertDefaultRun(run, allowed, wrong = {}) {
  assert.ok(run.document, `exit ${run.status}: ${run.stderr}`);
  const { findings, results: [result] } = run.document;
  assert.equal(result.error, undefined, `exit ${run.status}: ${run.stderr}`);
  assert.ok(result.tools.length > 0, 'it lists its tools');
  assert.deepEqual(Object.keys(result.list).sort(), compatTargets().filter((t) => !t.optIn).map((t) => t.name).sort(), 'the default targets');
  for (const [verdict, matches] of Object.entries(wrong)) {
    assert.deepEqual(findings.filter(matches).map(findingLine), [], verdict);
  }
  for (const f of findings) {
    if (/\/message\/result\/tools\/\d+/.test(f.instancePath ?? '')) assert.ok(f.tool?.name, `names its tool: ${findingLine(f)}`);
  }
  const left = {};
  const listed = {};
  for (const f of findings.filter((f) => f.severity !== 'info')) {
    const explained = allowed[f.code];
    if (typeof explained !== 'function') (left[f.code] ??= []).push(f.tool?.name ?? findingLine(f));
    else if (explained(f)) listed[f.code] = true;
    else assert.fail(`${f.code} not of the shape its source explains: ${findingLine(f)}`);
  }
  for (const [code, explained] of Object.entries(allowed)) {
    if (typeof explained === 'function') assert.ok(listed[code], `${code}: found, as its source says`);
  }
  const named = Object.fromEntries(Object.entries(allowed).filter(([, names]) => typeof names !== 'function'));
  assert.deepEqual(left, named, 'no finding but those checked against their source');
  assert.equal(run.status, 0, 'a good server passes by default');
}
