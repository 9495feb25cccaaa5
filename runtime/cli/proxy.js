// `mcp-json-toolbox proxy -- COMMAND ARGS…`: runs an MCP server over stdio between a host and the
// real server, passing every byte both ways unchanged, while a checker thread reads a copy of
// each message (runtime/proxy/). Findings go to stderr and `--report`; stdout carries only the
// server's bytes.
import { closeSync, openSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startChecker } from '../proxy/checker-thread.js';
import { FORWARDED, runChild } from '../proxy/child.js';
import { findingJson, findingLine, summaryLine } from '../proxy/findings.js';

/** Messages longer than this are passed on but not checked (counted as too large). */
const MAX_CHECKED_MESSAGE = 64 * 1024 * 1024;
/** How long the checker may take to finish once the server ended: hosts wait about 2 s for the
 * process to exit after closing its stdin before they send SIGTERM (the MCP SDK's
 * `StdioClientTransport.close`); a signal meanwhile ends the wait at once. */
const FINISH_TIMEOUT_MS = 1500;
/** How long a signal waits for the end of our stdin that came with it (see `run`). */
const END_GRACE_MS = 100;

const summary = 'Run an MCP stdio server behind a checking proxy: every byte passed on unchanged both ways,\n' +
  'each message checked live (host and server rules, task flows, schemas); findings on stderr.';
const usage = `Usage: mcp-json-toolbox proxy [--record FILE] [--report FILE] [--quiet] -- COMMAND ARGS…

${summary}

  --record FILE   write the session as a transcript (JSON Lines of {timestamp, direction, message})
                  that \`mcp-json-toolbox replay\` and the page's Session tab read
  --report FILE   write the findings as JSON Lines ({severity, code, message, index, direction,
                  pointer, line, column, tool?})
  --quiet         no findings nor summary on stderr (the server's stderr still passes)
  --checker MODULE  a module whose default export makes the checker (tests)
  -h, --help      this help

Exit code and signal: the server's (2: a usage error; 127: COMMAND not found; 126: it could not run).
`;

/** A usage error: one line on stderr, exit code 2. */
function usageError(io, message) {
  io.stderr.write(`mcp-json-toolbox proxy: ${message}\n(mcp-json-toolbox proxy --help for usage)\n`);
  return 2;
}

/** Splits `argv` at the first `--`: the proxy's options, then the server's command line. */
function parse(argv) {
  const split = argv.indexOf('--');
  const own = split < 0 ? argv : argv.slice(0, split);
  const { values } = parseArgs({
    args: own,
    options: {
      record: { type: 'string' },
      report: { type: 'string' },
      quiet: { type: 'boolean' },
      checker: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  return { values, command: split < 0 ? [] : argv.slice(split + 1) };
}

export default {
  name: 'proxy',
  summary,
  usage,
  async run(argv, io) {
    let parsed;
    try {
      parsed = parse(argv);
    } catch (error) {
      return usageError(io, error.message);
    }
    const { values, command } = parsed;
    if (values.help) {
      io.stdout.write(usage);
      return 0;
    }
    if (command.length === 0) return usageError(io, 'no server command: give it after --');
    let reportFd;
    try {
      reportFd = values.report ? openSync(resolve(io.cwd, values.report), 'w') : undefined;
    } catch (error) {
      return usageError(io, `--report ${values.report}: ${error.message}`);
    }
    const counts = {};
    const onFindings = (list) => {
      for (const f of list) {
        counts[f.severity] = (counts[f.severity] ?? 0) + 1;
        if (!values.quiet) io.stderr.write(`mcp-json-toolbox proxy: ${findingLine(f)}\n`);
        if (reportFd !== undefined) writeSync(reportFd, findingJson(f));
      }
    };
    const checker = startChecker(
      {
        record: values.record ? resolve(io.cwd, values.record) : undefined,
        checker: values.checker ? pathToFileURL(resolve(io.cwd, values.checker)).href : undefined,
        maxMessageBytes: MAX_CHECKED_MESSAGE,
      },
      {
        onFindings,
        onFailure: (error) => onFindings([{
          severity: 'error',
          code: 'checker-failed',
          message: `the checker thread failed (${error?.message ?? error}); the traffic goes on unchecked`,
          index: null,
          pointer: '',
          line: 1,
          column: 1,
        }]),
      },
    );
    const [file, ...args] = command;
    const { child, done } = runChild(file, args, { stdin: io.stdin, stdout: io.stdout });
    checker.observe(io.stdin, 'client');
    checker.observe(child.stdout, 'server');
    // A session ends normally when the host closes our stdin: the SDK clients then wait for the
    // server to exit and, after a grace period, signal it (us: the signal is passed on). A signal
    // after that end is the end of the session, not an interruption: the checker finishes (the
    // end-of-session checks run). A signal while the host still writes cuts the session short.
    // Sources: the TypeScript SDK's `StdioClientTransport.close()` (@modelcontextprotocol/client
    // 2.4.0, src/client/stdio.ts: stdin ended, then SIGTERM, then SIGKILL, 2 s apart; its
    // `_dispose()` of a probe ends stdin and signals at once) and the Python SDK's `stdio_client`
    // (mcp 2.3.0, mcp/client/stdio.py: stdin closed, then the process tree terminated after
    // PROCESS_TERMINATION_TIMEOUT, 2 s); checked 2026-12-03.
    let inputEnded = false;
    const ended = new Promise((resolve) => io.stdin.once('end', resolve)).then(() => (inputEnded = true));
    let signalled = false;
    const interrupt = () => (signalled = true);
    for (const signal of FORWARDED) process.on(signal, interrupt);
    const outcome = await done;
    // Keep reading our stdin once the server is gone, so that its end is seen; a signal sent with
    // the end of input (a probe's teardown) may be handled first: its end gets a moment.
    io.stdin.resume();
    if (signalled && !inputEnded) await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, END_GRACE_MS))]);
    const finishing = checker.finish(FINISH_TIMEOUT_MS);
    const result = signalled && !inputEnded ? { interrupted: true } : await finishing;
    // The server went away on its own while the host was still talking to it: a crash.
    if (!inputEnded && !signalled && !outcome.error && (outcome.signal !== null || outcome.code !== 0)) {
      result.crashed = outcome.signal ?? `code ${outcome.code}`;
    }
    for (const signal of FORWARDED) process.off(signal, interrupt);
    if (reportFd !== undefined) closeSync(reportFd);
    io.stdin.destroy();
    if (outcome.error) {
      io.stderr.write(`mcp-json-toolbox proxy: cannot run ${file}: ${outcome.error.message}\n`);
      return outcome.error.code === 'ENOENT' ? 127 : 126;
    }
    if (!values.quiet) io.stderr.write(`mcp-json-toolbox proxy: ${summaryLine(counts, result)}\n`);
    if (outcome.signal) process.kill(process.pid, outcome.signal);
    return outcome.code ?? 1;
  },
};
