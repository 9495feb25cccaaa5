// The client command the conformance tests give the official MCP conformance suite: `node
// conformance-client.mjs [CHECK-SERVER-OPTIONS…] URL` runs `check-server CHECK-SERVER-OPTIONS…
// MAPPED… --url URL` (pkg/cli.js) in this process, as `node pkg/cli.js …` would (its exit code,
// its output; no second Node started per scenario). The suite appends its test server's
// URL and tells the client which scenario runs, at which revision, with which inputs, in the
// environment (`MCP_CONFORMANCE_SCENARIO`, `MCP_CONFORMANCE_PROTOCOL_VERSION`,
// `MCP_CONFORMANCE_CONTEXT`: JSON); this adapter maps them to the flags a user would pass, so the
// product reads no conformance variable:
// - the revision to `--protocol`;
// - the scenario to the flags its test server needs (SCENARIO_OPTIONS: the tools to call, an
//   answer to its questions), as a user reading that server's tool list would pass them;
// - each `toolCalls` entry of the context (`{ name, arguments }`) to `--call NAME FILE`;
// - an authorization scenario (`auth/*`) to the options of a CI job signing in (authOptions):
//   the context's pre-registered client and its secret or private key, the secret through an
//   environment variable of check-server's, never its command line.
// Files go in a temp folder, removed on exit. With it, the suite runs the scenarios one by one
// (`--scenario`) or all a revision requires at once (`--requirements`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'conformance-client-'));
let written = 0;
/** `value` as JSON in a file of the temp folder: its path. */
function file(value) {
  const path = join(folder, `input-${written++}.json`);
  writeFileSync(path, JSON.stringify(value));
  return path;
}
/** `--call NAME FILE` with `args` in FILE. */
const call = (name, args = {}) => ['--call', name, file(args)];
/** Accept without a field: the form's defaults are sent (SEP-1034). */
const accept = () => ['--elicit', file({ action: 'accept', content: {} })];

/** The check-server flags of each scenario that needs some (the others need none). */
const SCENARIO_OPTIONS = {
  tools_call: () => call('add_numbers', { a: 5, b: 3 }),
  'elicitation-sep1034-client-defaults': () => [...accept(), ...call('test_client_elicitation_defaults')],
  // The call's stream is closed after its priming event: resumed with GET (SEP-1699).
  'sse-retry': () => call('test_reconnection'),
  // Each tool's input round: `requestState` echoed as given, none when none was given (SEP-2322).
  'sep-2322-client-request-state': () => [...accept(), ...['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_unrelated', 'test_mrtr_no_result_type'].flatMap((tool) => call(tool))],
  // Every request's `Mcp-Method`, and a call's `Mcp-Name` (SEP-2243).
  'http-standard-headers': () => call('test_headers'),
  // The two calls come from the context; the second's arguments fail the tool's inputSchema on
  // purpose (`verbose: null`: its header omitted), so they are sent anyway.
  'http-custom-headers': () => ['--send-invalid'],
  // The valid tool is called; a tool whose `x-mcp-header` is broken is asked for too, and must
  // not be called (SEP-2243).
  'http-invalid-tool-headers': () => [...call('valid_tool', { region: 'us-west1' }), ...call('invalid_empty_header', { value: 'x' })],
};

/** The client ID metadata document URL the SDK's conformance client offers (the suite's
 * authorization servers accept it without fetching it). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/**
 * The check-server flags of an authorization scenario, as a CI job passes them (docs/cli.md,
 * "Servers behind OAuth"): never a browser; the context's pre-registered client (`client_id`;
 * `client_secret` or `private_key_pem` put in `env`, check-server's environment, and named by
 * `--client-secret-env` / `--client-key-env`), with the client credentials grant in the scenarios
 * that test it; without one, the client ID metadata document; and the tool the suite's servers
 * list called (the step-up scenarios challenge the call).
 */
function authOptions(given, env) {
  const options = ['--no-browser'];
  if (given.client_secret) {
    env.CONFORMANCE_CLIENT_SECRET = given.client_secret;
    options.push('--client-secret-env', 'CONFORMANCE_CLIENT_SECRET');
  }
  if (given.private_key_pem) {
    env.CONFORMANCE_CLIENT_KEY = given.private_key_pem;
    options.push('--client-key-env', 'CONFORMANCE_CLIENT_KEY', '--client-key-alg', given.signing_algorithm ?? 'ES256');
  }
  if (scenario.startsWith('auth/client-credentials-')) return [...options, '--client-credentials', '--client-id', given.client_id];
  options.push(...(given.client_id ? ['--client-id', given.client_id] : ['--client-metadata-url', CLIENT_METADATA_URL]));
  return [...options, ...call('test-tool')];
}

const args = process.argv.slice(2);
const url = args.pop();
const { MCP_CONFORMANCE_SCENARIO: scenario, MCP_CONFORMANCE_PROTOCOL_VERSION: protocol, MCP_CONFORMANCE_CONTEXT: context } = process.env;
const given = context ? JSON.parse(context) : {};
// check-server's environment: this one, without the context, with the credentials authOptions adds.
const env = process.env;
delete env.MCP_CONFORMANCE_CONTEXT;
const mapped = [
  ...(protocol ? ['--protocol', protocol] : []),
  ...(SCENARIO_OPTIONS[scenario]?.() ?? []),
  ...(scenario?.startsWith('auth/') ? authOptions(given, env) : []),
  ...(given.toolCalls ?? []).flatMap(({ name, arguments: values }) => call(name, values ?? {})),
];
process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
// pkg/cli.js runs the command line of process.argv and sets process.exitCode; the process ends
// when check-server is done (or when the suite ends a client that runs past its time).
process.argv = [process.argv[0], CLI, 'check-server', ...args, ...mapped, '--url', url];
await import(CLI);
