// The official conformance suite's authorization scenarios with check-server as the client: every
// `auth/*` client scenario each revision requires (`list --client --requirements 2025-11-25`: 14,
// `2026-07-28`: 25), run at that revision's wire (`--spec-version`, check-server `--protocol`), and
// the client credentials extension scenarios (basic and private_key_jwt). The suite runs
// tests/node/fixtures/conformance-auth-client.mjs, which maps what the suite hands a client
// (`MCP_CONFORMANCE_CONTEXT`'s credentials) to the options a user would pass; check-server reads
// no conformance variable. A scenario passes when every check is a SUCCESS and the suite says
// "passed"; check-server's exit code is asserted too: 0, or 2 where the suite's server is one an
// MCP client must refuse (check-server stops there, saying why, with the session's finding).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REQUIRED, SUITE_VERSION, TEMP, file, suite } from './conformance-suite.mjs';

const ADAPTER = new URL('./fixtures/conformance-auth-client.mjs', import.meta.url).pathname;
const EMPTY = file('auth-empty.json', {});

/** The scenarios whose server a client must refuse: check-server's exit code 2, what it says (the
 * SDK's refusal), and the session's finding where the server (not the authorization response) is
 * what is wrong. */
const REFUSED = {
  'auth/resource-mismatch': /Protected resource .* does not match expected[\s\S]*error\[auth-resource-mismatch\]/,
  'auth/iss-supported-missing': /Issuer mismatch in authorization response/,
  'auth/iss-wrong-issuer': /Issuer mismatch in authorization response/,
  'auth/iss-unexpected': /Issuer mismatch in authorization response/,
  'auth/iss-normalized': /Issuer mismatch in authorization response/,
  'auth/metadata-issuer-mismatch': /Issuer mismatch in authorization server metadata[\s\S]*error\[auth-issuer-mismatch\]/,
  'auth/scope-retry-limit': /answered HTTP 403 Forbidden to .* after authorization/,
};

/** Runs one scenario at `revision` (undefined: an extension scenario, no revision) with check-server
 * offering `protocol`: `{ checks, status, stderr }`. */
async function run(scenario, revision, protocol) {
  const command = [process.execPath, ADAPTER, protocol, EMPTY].join(' ');
  const out = join(TEMP, 'auth', revision ?? 'extension', scenario.replace('/', '-'));
  const args = ['client', '--scenario', scenario, '--command', command, '--verbose', '-o', out];
  if (revision) args.push('--spec-version', revision);
  const ran = await suite(args);
  const status = /Client exited with code (\d+)/.exec(ran.stderr)?.[1];
  // What check-server wrote, as the suite kept it.
  const [dir] = readdirSync(join(out, 'auth'));
  const said = ['stderr.txt', 'stdout.txt'].map((name) => readFileSync(join(out, 'auth', dir, name), 'utf8')).join('');
  return { checks: JSON.parse(ran.stdout), passed: /OVERALL: PASSED/.test(ran.stderr), status: Number(status ?? 0), stderr: said };
}

/** Runs `jobs` (functions returning promises), `width` at a time. */
async function pool(jobs, width = 4) {
  const results = [];
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  }));
  return results;
}

for (const revision of ['2025-11-25', '2026-07-28']) {
  test(`the suite ${SUITE_VERSION}'s authorization scenarios required for ${revision}, check-server as the client: all pass`, async () => {
    const scenarios = (await REQUIRED(revision)).filter((name) => name.startsWith('auth/'));
    assert.equal(scenarios.length, revision === '2025-11-25' ? 14 : 25);
    const results = await pool(scenarios.map((scenario) => () => run(scenario, revision, revision)));
    const failed = [];
    scenarios.forEach((scenario, i) => {
      const { checks, passed, status, stderr } = results[i];
      const bad = checks.filter((c) => c.status !== 'SUCCESS' && c.status !== 'INFO');
      const refused = REFUSED[scenario];
      const exitOk = refused ? status === 2 && refused.test(stderr) : status === 0;
      if (!passed || bad.length > 0 || checks.length === 0 || !exitOk) failed.push(`${scenario}: exit ${status}, ${bad.map((c) => c.errorMessage ?? c.description).join('; ')}\n${stderr.slice(-600)}`);
    });
    assert.deepEqual(failed, []);
  });
}

test('the client credentials extension scenarios (client_secret_basic, private_key_jwt): pass', async () => {
  const scenarios = ['auth/client-credentials-basic', 'auth/client-credentials-jwt'];
  // Their servers speak 2025-11-25 only: offered it, no finding about how they refuse 2026-07-28.
  const results = await pool(scenarios.map((scenario) => () => run(scenario, undefined, '2025-11-25')));
  results.forEach(({ checks, passed, status, stderr }, i) => {
    assert.ok(passed && status === 0 && checks.length > 0 && checks.every((c) => c.status === 'SUCCESS' || c.status === 'INFO'), `${scenarios[i]}: ${stderr.slice(-800)}`);
  });
});
