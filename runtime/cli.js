#!/usr/bin/env node
// The package's command line (`bin`: `npx mcp-json-toolbox COMMAND …`). Each command is a module
// runtime/cli/<command>.js (runtime/README.md); findings print through cli/report.js.

import { setFlagsFromString } from 'node:v8';

// Schemas' patterns run on V8's RegExp (docs/robustness.md, "Patterns"): one that backtracks
// without end (`^(a+)+$` on "aaaa…b") would hang a command. Before any pattern is compiled, ask V8
// to finish such a match on its linear engine after this many backtracks (V8 takes it for the
// patterns it can run there: no backreferences or look-arounds).
setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
setFlagsFromString('--regexp-backtracks-before-fallback=100000');

/** The commands: name → its one-line description in `--help` (a whole sentence; the command's own
 * `--help` says the rest) and its module. */
const COMMANDS = {
  format: ['Pretty-print JSON exactly as written; --check or --write files.', () => import('./cli/format.js')],
  validate: ['Validate tool arguments against a JSON Schema (a tool\'s inputSchema).', () => import('./cli/validate.js')],
  classify: ['Name each MCP payload\'s schema definition and generation, and check it.', () => import('./cli/classify.js')],
  'check-tool': ['Check tool definitions or tools/list results.', () => import('./cli/check-tool.js')],
  compat: ['Show which consumers (Anthropic, OpenAI, Gemini, …) take each tool.', () => import('./cli/compat.js')],
  'check-call': ['Check tools/call requests against the tool.', () => import('./cli/check-call.js')],
  'check-result': ['Check tools/call results against the tool.', () => import('./cli/check-result.js')],
  replay: ['Replay session transcripts and logs, checking every message and task.', () => import('./cli/replay.js')],
  lint: ['Lint JSON Schemas and the schemas of tools; --fix applies the fixes.', () => import('./cli/lint.js')],
  'check-elicitation': ['Check an elicitation request and the answers to it.', () => import('./cli/check-elicitation.js')],
  'check-docs': ['Check the live MCP examples of .md, .mdx and .html files.', () => import('./cli/check-docs.js')],
  'check-server': ['Start an MCP server (or connect to one) and check all it publishes.', () => import('./cli/check-server.js')],
  proxy: ['Run an MCP server behind a proxy that checks every message live.', () => import('./cli/proxy.js')],
};

/** Runs the command line `argv` (without node and the script) with `io`; returns the exit code. */
async function main(argv, io) {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const width = Math.max(...Object.keys(COMMANDS).map((command) => command.length));
    io.stdout.write(
      'Usage: mcp-json-toolbox COMMAND [OPTIONS] FILE…|-\n\nCheck the JSON of MCP tools. Commands:\n\n' +
        Object.entries(COMMANDS).map(([command, [line]]) => `  ${command.padEnd(width)}  ${line}`).join('\n') +
        '\n\nmcp-json-toolbox COMMAND --help for a command\'s options. Exit codes: 0 no errors, 1 errors found,\n2 usage or I/O error.\n',
    );
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    const { version } = await import('mcp-json-toolbox');
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  if (!Object.hasOwn(COMMANDS, name)) {
    io.stderr.write(`mcp-json-toolbox: unknown command "${name}" (mcp-json-toolbox --help lists them)\n`);
    return 2;
  }
  const command = (await COMMANDS[name][1]()).default;
  try {
    return await command.run(rest, io);
  } catch (error) {
    // Not a finding nor a usage error: a bug; one line and the exit code of a failed run.
    io.stderr.write(`mcp-json-toolbox ${name}: ${error?.name ?? 'Error'}: ${error?.message ?? error} (please report it)\n`);
    return 2;
  }
}

const io = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  isTTY: process.stdout.isTTY,
};
process.exitCode = await main(process.argv.slice(2), io);
