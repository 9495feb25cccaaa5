// The official conformance suite's authorization scenarios with check-server as the client: every
// `auth/*` client scenario each revision requires (`list --client --requirements 2025-11-25`: 14,
// `2026-07-28`: 25), run at that revision's wire, and the client credentials extension scenarios
// (client_secret_basic and private_key_jwt), through the shared runner
// (tests/node/conformance-suite.mjs) and adapter (tests/node/conformance-client.mjs: the context's
// credentials mapped to the options a CI job passes; check-server reads no conformance variable).
// A scenario passes when every check is a SUCCESS and the suite says "passed"; check-server's exit
// code is asserted too: 0, or 2 where the suite's server is one an MCP client must refuse
// (check-server stops there, saying why, with the session's finding where the server is at
// fault). Scenarios run four at a time (each is two processes waiting on each other).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SUITE_VERSION, requiredClientScenarios, runClientScenario } from './conformance-suite.mjs';

/** The scenarios whose server a client must refuse: check-server exits 2, saying this (the SDK's
 * refusal, and the session's finding where the server or its authorization server is at fault). */
const REFUSED = {
  'auth/resource-mismatch': [/Protected resource .* does not match expected/, /error\[auth-resource-mismatch\]/],
  'auth/iss-supported-missing': [/Issuer mismatch in authorization response/],
  'auth/iss-wrong-issuer': [/Issuer mismatch in authorization response/],
  'auth/iss-unexpected': [/Issuer mismatch in authorization response/],
  'auth/iss-normalized': [/Issuer mismatch in authorization response/],
  'auth/metadata-issuer-mismatch': [/Issuer mismatch in authorization server metadata/, /error\[auth-issuer-mismatch\]/],
  'auth/scope-retry-limit': [/answered HTTP 403 Forbidden to .* after authorization/],
};

/** Runs `jobs` (functions returning promises), `width` at a time: their results in order. */
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

/** What is wrong with one scenario's run (nothing: undefined). */
function problem(scenario, { checks, failed, run }) {
  const status = Number(/Client exited with code (\d+)/.exec(run.stderr)?.[1] ?? 0);
  const refused = REFUSED[scenario];
  const exitOk = refused ? status === 2 && refused.every((said) => said.test(run.stderr)) : status === 0;
  if (failed.length === 0 && checks.some((c) => c.status === 'SUCCESS') && /OVERALL: PASSED/.test(run.stderr) && exitOk) return undefined;
  return `${scenario}: exit ${status}; ${failed.map((c) => c.errorMessage ?? c.description).join('; ')}\n${run.stderr.slice(-800)}`;
}

for (const [revision, count] of [['2025-11-25', 14], ['2026-07-28', 25]]) {
  test(`the suite ${SUITE_VERSION}'s ${count} authorization scenarios required for ${revision}, check-server as the client: all pass`, async () => {
    const scenarios = (await requiredClientScenarios(revision)).filter((name) => name.startsWith('auth/'));
    assert.equal(scenarios.length, count);
    const runs = await pool(scenarios.map((scenario) => () => runClientScenario(scenario, revision)));
    assert.deepEqual(scenarios.map((scenario, i) => problem(scenario, runs[i])).filter(Boolean), []);
  });
}

test('the client credentials extension scenarios (client_secret_basic, private_key_jwt): pass', async () => {
  const scenarios = ['auth/client-credentials-basic', 'auth/client-credentials-jwt'];
  // Their servers speak 2025-11-25 only: offered it, so that how they refuse 2026-07-28 (an error
  // with `"id": null`, check-server's `null-id` finding) is not this test's subject.
  const runs = await Promise.all(scenarios.map((scenario) => runClientScenario(scenario, undefined, ['--protocol', '2025-11-25'])));
  assert.deepEqual(scenarios.map((scenario, i) => problem(scenario, runs[i])).filter(Boolean), []);
});
