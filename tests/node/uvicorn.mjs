// A Python MCP server of tests/fixtures/python/ over Streamable HTTP, started on a port the system
// gives it (port 0: no other process can hold it; Uvicorn names the one it got on stderr), shared
// by the suites that start one.
import { spawn } from 'node:child_process';

/** Uvicorn's line naming the address it listens on. */
const LISTENING = /Uvicorn running on http:\/\/127\.0\.0\.1:(\d+)/;

/**
 * Runs `python args` (the script's own arguments giving port 0) and resolves `{ url, child }`
 * once Uvicorn listens; rejects, with what the server said, if it exits first or does not listen
 * within 60 s (a start-up budget for a busy machine, not a timing assertion). `what` names it.
 */
export async function startUvicorn(python, args, what) {
  const child = spawn(python, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let seen = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not listen within 60 s: ${seen}`)), 60000);
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      seen += chunk;
      const listening = LISTENING.exec(seen);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}): ${seen}`));
    });
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}
