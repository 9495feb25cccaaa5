// The stdio proxy: the real server as a child process between the host (our stdin and stdout)
// and the checker, which reads copies of both directions (checker-thread.js). Resolves how the
// server ended and the checker's summary.
import { FORWARDED, runChild } from './child.js';

/** How long the checker may take to finish once the server ended: hosts wait about 2 s for the
 * process to exit after closing its stdin before they send SIGTERM (the MCP SDK's
 * `StdioClientTransport.close`); a signal meanwhile ends the wait at once. */
export const FINISH_TIMEOUT_MS = 1500;
/** How long a signal waits for the end of our stdin that came with it (see `proxyStdio`). */
const END_GRACE_MS = 100;

/**
 * Runs `file args` with `io.stdin`/`io.stdout` passed through and `checker` (startChecker's)
 * observing both directions. Resolves `{ outcome, summary }`: the child's `{ code, signal }` or
 * `{ error }`, and the checker's summary with `interrupted` or `crashed` when the session did not
 * end normally.
 */
export async function proxyStdio(file, args, io, checker) {
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
  const summary = signalled && !inputEnded ? { interrupted: true } : await finishing;
  // The server went away on its own while the host was still talking to it: a crash.
  if (!inputEnded && !signalled && !outcome.error && (outcome.signal !== null || outcome.code !== 0)) {
    summary.crashed = outcome.signal ?? `code ${outcome.code}`;
  }
  for (const signal of FORWARDED) process.off(signal, interrupt);
  io.stdin.destroy();
  return { outcome, summary };
}
