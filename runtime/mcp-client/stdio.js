// The stdio transport: the server is a child process speaking newline-delimited JSON-RPC on its
// stdin/stdout; what it writes to stderr is kept for the failure report.
import { spawn } from 'node:child_process';
import { Connection, ServerFailure } from './connection.js';

/** How many lines of the server's stderr a failure shows. */
export const STDERR_LINES = 20;

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
 * Starts `command args` and returns `{ connection, stderrTail(), close() }`. A server that cannot
 * be started or exits fails the connection with a one-line cause.
 */
export function startStdio(command, args, { cwd, env, timeoutMs } = {}) {
  let stderr = '';
  const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = new Connection((message) => writeLine(child, message), { timeoutMs });
  const exited = new Promise((resolve) => child.once('close', resolve));
  let closing = false;
  child.once('error', (error) =>
    connection.fail(new ServerFailure(`cannot start ${command}: ${error.code === 'ENOENT' ? 'no such command' : error.message}`)));
  child.once('exit', (code, signal) => {
    if (!closing) connection.fail(new ServerFailure(`the server exited (${signal ?? `code ${code}`}) while the check was running`));
  });
  child.stdin.on('error', () => {}); // a closed pipe shows as the exit above
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-16384);
  });
  readJsonLines(child.stdout, (message) => connection.receive(message), (line) => {
    stderr += `(stdout, not JSON-RPC) ${line.slice(0, 200)}\n`;
  });
  return {
    connection,
    stderrTail: () => tail(stderr),
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
