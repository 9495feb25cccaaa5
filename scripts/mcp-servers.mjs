// The official MCP reference servers (npm devDependencies), started over stdio: the real tool
// definitions that tests and benchmarks use as a corpus. No network: each server is a local Node
// process; the filesystem server gets a temporary root and the memory server a temporary file.
//
//   import { referenceTools, startServer } from '../scripts/mcp-servers.mjs';
//   const servers = await referenceTools();   // [{ server, tools: [...] }, ...]
//   node scripts/mcp-servers.mjs              // prints how many tools each server lists
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJsonLines } from '../runtime/mcp-client/stdio.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'package.json'));

/** The reference servers, by short name: their npm package and extra command-line arguments. */
export const SERVERS = {
  everything: { pkg: '@modelcontextprotocol/server-everything', args: ['stdio'] },
  filesystem: { pkg: '@modelcontextprotocol/server-filesystem', args: (root) => [root] },
  memory: { pkg: '@modelcontextprotocol/server-memory', args: [] },
  'sequential-thinking': { pkg: '@modelcontextprotocol/server-sequential-thinking', args: [] },
};

/** The protocol version the client asks for in `initialize`. */
export const PROTOCOL_VERSION = '2025-11-25';

/** The path of a package's `bin` script, resolved from this repository's node_modules. */
function binPath(pkg) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = require(manifest);
  const file = typeof bin === 'string' ? bin : Object.values(bin)[0];
  return join(dirname(manifest), file);
}

/**
 * Starts the reference server `name` over stdio. Returns `{ request(method, params), notify(method,
 * params), messages, close() }`: `request` sends a JSON-RPC request and resolves with its response
 * message (rejects after `timeoutMs`); `messages` records every message both ways as
 * `{ timestamp, direction: 'client' | 'server', message }`; `onMessage(fn)` sees the server's
 * messages as they arrive (requests from the server included). `close()` ends the process and
 * removes its temporary files.
 */
export function startServer(name, { timeoutMs = 20000, env = {} } = {}) {
  const spec = SERVERS[name];
  if (!spec) throw new Error(`unknown reference server ${name}; known: ${Object.keys(SERVERS).join(', ')}`);
  const temp = mkdtempSync(join(tmpdir(), `mcp-${name}-`));
  const args = typeof spec.args === 'function' ? spec.args(temp) : spec.args;
  const child = spawn(process.execPath, [binPath(spec.pkg), ...args], {
    cwd: temp,
    env: { ...process.env, MEMORY_FILE_PATH: join(temp, 'memory.jsonl'), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const messages = [];
  const pending = new Map();
  const listeners = [];
  let stderr = '';
  let nextId = 1;
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  // A log line on stdout is not protocol: skipped.
  readJsonLines(child.stdout, (message) => {
    messages.push({ timestamp: new Date().toISOString(), direction: 'server', message });
    if (message.id !== undefined && !message.method && pending.has(message.id)) {
      const { resolve: done, timer } = pending.get(message.id);
      pending.delete(message.id);
      clearTimeout(timer);
      done(message);
    }
    for (const listener of listeners) listener(message);
  }, () => {});
  const exited = new Promise((done) => child.on('exit', done));
  child.on('exit', (code) => {
    for (const { reject, timer } of pending.values()) {
      clearTimeout(timer);
      reject(new Error(`${name} server exited (${code}) before answering; stderr:\n${stderr}`));
    }
    pending.clear();
  });

  /** Writes one message to the server, recording it. */
  function send(message) {
    messages.push({ timestamp: new Date().toISOString(), direction: 'client', message });
    child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  return {
    messages,
    onMessage: (fn) => listeners.push(fn),
    send,
    request(method, params) {
      const id = nextId++;
      return new Promise((done, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${name}: no answer to ${method} within ${timeoutMs} ms; stderr:\n${stderr}`));
        }, timeoutMs);
        pending.set(id, { resolve: done, reject, timer });
        send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
      });
    },
    notify(method, params) {
      send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
    },
    async close() {
      child.stdin.end();
      child.kill();
      await exited;
      rmSync(temp, { recursive: true, force: true });
    },
  };
}

/** `initialize` (with `capabilities`), then `notifications/initialized`; resolves with the result. */
export async function initialize(server, capabilities = {}) {
  const response = await server.request('initialize', {
    protocolVersion: PROTOCOL_VERSION,
    capabilities,
    clientInfo: { name: 'mcp-json-toolbox-tests', version: '0.0.0' },
  });
  if (response.error) throw new Error(`initialize failed: ${JSON.stringify(response.error)}`);
  server.notify('notifications/initialized');
  return response.result;
}

/** Every reference server's `tools/list`: `[{ server, tools }]`, servers in `SERVERS` order. */
export async function referenceTools() {
  const out = [];
  for (const name of Object.keys(SERVERS)) {
    const server = startServer(name);
    try {
      await initialize(server);
      const response = await server.request('tools/list', {});
      if (response.error) throw new Error(`${name}: tools/list failed: ${JSON.stringify(response.error)}`);
      out.push({ server: name, tools: response.result.tools });
    } finally {
      await server.close();
    }
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { server, tools } of await referenceTools()) {
    const outputs = tools.filter((t) => t.outputSchema).length;
    console.log(`${server}: ${tools.length} tools, ${outputs} with outputSchema`);
  }
}
