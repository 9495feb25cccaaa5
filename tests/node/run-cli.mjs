// One way for the tests of real servers to run pkg/cli.js: its output collected, killed after a
// limit, timed.
import { spawn } from 'node:child_process';

const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;

/** Runs `node pkg/cli.js ...args` in `cwd` with `env` added: `{ status, stdout, stderr, ms }`
 * (killed after `limitMs`). */
export function runCli(args, { cwd, env = {}, limitMs = 60000 } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, ...env } });
    let [stdout, stderr] = ['', ''];
    child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, ms: Date.now() - started });
    });
  });
}
