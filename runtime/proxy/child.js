// The real server as a child process, wired to ours: stdin → its stdin, its stdout → stdout (both
// piped, so a slow reader holds the writer back), its stderr straight to ours. SIGINT and SIGTERM
// are passed to it; when it ends we end the same way.
import { spawn } from 'node:child_process';

/** Signals passed on to the child. */
export const FORWARDED = ['SIGINT', 'SIGTERM'];

/**
 * Spawns `command args` with our stdio passed through. Resolves `{ code, signal }` once it exited
 * and its stdout is drained, or `{ error }` if it could not start. `started.child` is the process.
 */
export function runChild(command, args, { stdin = process.stdin, stdout = process.stdout } = {}) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const forward = (signal) => child.kill(signal);
  for (const signal of FORWARDED) process.on(signal, forward);
  // The child may exit before reading everything we pass it, and the host may stop reading:
  // neither is our failure to report, the exit status says what happened.
  child.stdin.on('error', () => {});
  stdout.on('error', () => child.stdout.destroy());
  stdin.pipe(child.stdin);
  child.stdout.pipe(stdout, { end: false });
  const done = new Promise((resolve) => {
    child.on('error', (error) => resolve({ error }));
    child.on('close', (code, signal) => resolve({ code, signal }));
  }).then((outcome) => {
    for (const signal of FORWARDED) process.off(signal, forward);
    stdin.unpipe(child.stdin);
    return outcome;
  });
  return { child, done };
}
