// The client command the conformance tests give the official MCP conformance suite: `node
// conformance-client.mjs [CHECK-SERVER-OPTIONS…] URL` runs `check-server CHECK-SERVER-OPTIONS…
// MAPPED… --url URL` (pkg/cli.js) and exits with its code. The suite appends its test server's
// URL and tells the client which scenario runs, at which revision, with which inputs, in the
// environment (`MCP_CONFORMANCE_SCENARIO`, `MCP_CONFORMANCE_PROTOCOL_VERSION`,
// `MCP_CONFORMANCE_CONTEXT`: JSON); this adapter maps them to the flags a user would pass, so the
// product reads no conformance variable:
// - the revision to `--protocol`;
// - the scenario to the flags its test server needs (SCENARIO_OPTIONS: the tools to call, an
//   answer to its questions), as a user reading that server's tool list would pass them;
// - each `toolCalls` entry of the context (`{ name, arguments }`) to `--call NAME FILE`.
// Files go in a temp folder, removed on exit. With it, the suite runs the scenarios one by one
// (`--scenario`) or all a revision requires at once (`--requirements`).
import { spawn } from 'node:child_process';
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

const args = process.argv.slice(2);
const url = args.pop();
const { MCP_CONFORMANCE_SCENARIO: scenario, MCP_CONFORMANCE_PROTOCOL_VERSION: protocol, MCP_CONFORMANCE_CONTEXT: context } = process.env;
const mapped = [
  ...(protocol ? ['--protocol', protocol] : []),
  ...(SCENARIO_OPTIONS[scenario]?.() ?? []),
  ...(context ? JSON.parse(context).toolCalls ?? [] : []).flatMap(({ name, arguments: given }) => call(name, given ?? {})),
];
const child = spawn(process.execPath, [CLI, 'check-server', ...args, ...mapped, '--url', url], { stdio: 'inherit' });
// The suite ends a client that runs past its time: check-server with it.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => {
  rmSync(folder, { recursive: true, force: true });
  process.exit(code ?? (signal ? 2 : 0));
});
