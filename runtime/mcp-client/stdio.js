// The stdio transport: the server is a child process speaking newline-delimited JSON-RPC on its
// stdin/stdout; a stdout line that is not JSON goes into the transcript as a `stdout` entry; what
// it writes to stderr is kept (its first and last lines) for the failure report.
import { spawn } from 'node:child_process';
import { Connection, ServerFailure } from './connection.js';

/** How many lines of the server's stderr a failure shows: the first ones (the cause is usually
 * there) and the last ones. */
export const STDERR_LINES = 20;

/** How much of the start and of the end of the server's stderr is kept (characters). */
const STDERR_KEEP = 16384;

/**
 * Reads newline-delimited JSON from `stream`: each message parsed to `onMessage`, each non-blank
 * line that is not JSON (a log line on stdout) to `onOther`.
 */
export function readJsonLines(stream, onMessage, onOther) {
  let buffer = '';
  stream.setEncoding('utf8').on('data', (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line) continue;
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        onOther(line);
        continue;
      }
      onMessage(message);
    }
  });
}

/**
 * Starts `command args` and returns `{ connection, stderrTail(), close() }` (`stderrTail()`: the
 * first and last lines of the server's stderr, see `headAndTail`). A server that cannot be
 * started or exits fails the connection with a one-line cause.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, timeoutMs?: number, startupMs?: number }} [options]
 */
export function startStdio(command, args, { cwd, env, timeoutMs, startupMs } = {}) {
  let head = '';
  let stderr = '';
  const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = new Connection((message) => writeLine(child, message), { timeoutMs, startupMs });
  const exited = new Promise((resolve) => child.once('close', resolve));
  let closing = false;
  child.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
    connection.fail(new ServerFailure(`cannot start ${command}: ${error.code === 'ENOENT' ? 'no such command' : error.message}`)));
  child.once('exit', (code, signal) => {
    if (!closing) connection.fail(new ServerFailure(`the server exited (${signal ?? `code ${code}`}) while the check was running`));
  });
  child.stdin.on('error', () => {}); // a closed pipe shows as the exit above
  let seen = 0;
  const keep = (text) => {
    if (head.length < STDERR_KEEP) head = (head + text).slice(0, STDERR_KEEP);
    seen += text.length;
    stderr = (stderr + text).slice(-STDERR_KEEP);
  };
  child.stderr.setEncoding('utf8').on('data', keep);
  readJsonLines(child.stdout, (message) => connection.receive(message), (line) => {
    connection.receiveStdout(line);
    keep(`(stdout, not JSON-RPC) ${line.slice(0, 200)}\n`);
  });
  return {
    connection,
    stderrTail: () => headAndTail(seen <= 2 * STDERR_KEEP ? head + stderr.slice(Math.min(STDERR_KEEP, 2 * STDERR_KEEP - seen)) : `${head}\n${GAP}\n${stderr}`),
    async close() {
      closing = true;
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        child.stdin.end();
        const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Writes one message as a line; rejects when the pipe is closed. */
function writeLine(child, message) {
  return new Promise((resolve, reject) => {
    if (!child.stdin.writable) {
      reject(new ServerFailure('the server closed its stdin'));
      return;
    }
    child.stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(new ServerFailure(`writing to the server failed: ${error.message}`)) : resolve()));
  });
}

/** The last STDERR_LINES non-blank lines of `text`. */
export function tail(text) {
  return text.split(/\r?\n/).filter((l) => l.trim()).slice(-STDERR_LINES).join('\n');
}

/** The line between the kept start and end of a stderr too long to keep whole. */
const GAP = '\u0000…';

/** The non-blank lines of `text`, or when more than STDERR_LINES, the first half of them, a line
 * `… (N lines left out)` and the last half. */
export function headAndTail(text) {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const gap = lines.indexOf(GAP) >= 0;
  const kept = lines.filter((l) => l !== GAP);
  if (kept.length <= STDERR_LINES && !gap) return kept.join('\n');
  const half = STDERR_LINES / 2;
  const left = `… (${gap ? 'more than ' : ''}${Math.max(0, kept.length - STDERR_LINES)} lines left out)`;
  return [...kept.slice(0, half), left, ...kept.slice(-half)].join('\n');
}
