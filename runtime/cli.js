#!/usr/bin/env node
// The package's command line (`bin`: `npx mcp-json-toolbox COMMAND …`). Each command is a module
// runtime/cli/<command>.js (runtime/README.md); findings print through cli/report.js.

/** The commands, one line each: name → its module. */
const COMMANDS = {
  format: () => import('./cli/format.js'),
  validate: () => import('./cli/validate.js'),
  classify: () => import('./cli/classify.js'),
  'check-tool': () => import('./cli/check-tool.js'),
  compat: () => import('./cli/compat.js'),
  'check-call': () => import('./cli/check-call.js'),
  'check-result': () => import('./cli/check-result.js'),
  replay: () => import('./cli/replay.js'),
  lint: () => import('./cli/lint.js'),
  'check-elicitation': () => import('./cli/check-elicitation.js'),
  'check-docs': () => import('./cli/check-docs.js'),
  'check-server': () => import('./cli/check-server.js'),
  proxy: () => import('./cli/proxy.js'),
};

/** Runs the command line `argv` (without node and the script) with `io`; returns the exit code. */
async function main(argv, io) {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const commands = await Promise.all(Object.values(COMMANDS).map(async (load) => (await load()).default));
    const width = Math.max(...commands.map((c) => c.name.length));
    io.stdout.write(
      'Usage: mcp-json-toolbox COMMAND [OPTIONS] FILE…|-\n\nCheck the JSON of MCP tools. Commands:\n\n' +
        commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary.split('\n')[0]}`).join('\n') +
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
  const command = (await COMMANDS[name]()).default;
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
