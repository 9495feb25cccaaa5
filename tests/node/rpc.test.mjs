// The worker RPC of the page and of <mcp-json> (runtime/load/worker-client.js) with a fake Worker: a trap reported by the worker (a
// RuntimeError, a stack-overflow RangeError or an InternalError) rejects the call with an
// InternalError and starts a fresh worker; other errors only reject the call. The full build's
// state follows the worker's messages, and a restarted worker is asked for it again; a call the
// server build runs waits for that build (its own progress) while the full build has not loaded.
import assert from 'node:assert/strict';
import { test } from 'node:test';

/** Workers the RPC started, newest last; each answers a call with what `reply(message)` returns. */
const started = [];
globalThis.Worker = class {
  constructor(url) {
    this.url = url;
    this.terminated = false;
    started.push(this);
    this.posted = [];
    queueMicrotask(() => this.onmessage({ data: { ready: true, functions: ['format', 'validate', 'classify'], core: ['format'], server: ['validate'], version: '0' } }));
  }

  postMessage(message) {
    this.posted.push(message);
    const { id, fn, args } = message;
    if (!args) return;
    // A call of the full build (or the server build) waits until the test says the build has loaded.
    if (fn === 'classify' || fn === 'validate') return;
    const [text] = args;
    const data = text.startsWith('throw ')
      ? { id, ok: false, error: { name: text.slice(6), message: 'boom' } }
      : { id, ok: true, value: text.toUpperCase() };
    queueMicrotask(() => this.onmessage({ data }));
  }

  terminate() {
    this.terminated = true;
  }
};

const { WasmWorker } = await import('../../runtime/load/worker-client.js');

for (const trap of ['RuntimeError', 'RangeError', 'InternalError']) {
  test(`a ${trap} from the worker restarts it and becomes an InternalError`, async () => {
    const rpc = new WasmWorker('worker.js');
    await rpc.ready;
    const before = started.length;
    await assert.rejects(rpc.call('format', `throw ${trap}`), (e) => {
      assert.equal(e.name, 'InternalError');
      assert.equal(e.message, 'internal error in format, please report it: boom');
      assert.equal(e.cause.name, trap);
      return true;
    });
    assert.equal(started.length, before + 1, 'a fresh worker was started');
    assert.ok(started[before - 1].terminated, 'the trapped worker was terminated');
    assert.equal(await rpc.call('format', 'next'), 'NEXT');
  });
}

test('an error thrown on purpose only rejects the call', async () => {
  const rpc = new WasmWorker('worker.js');
  await rpc.ready;
  const before = started.length;
  await assert.rejects(rpc.call('format', 'throw JsonError'), { name: 'JsonError', message: 'boom' });
  assert.equal(started.length, before, 'no restart');
  assert.equal(await rpc.call('format', 'same'), 'SAME');
});

test('the full build: asked for once, its progress followed, asked for again by a restarted worker', async () => {
  const states = [];
  const rpc = new WasmWorker('worker.js', { onFull: (full) => states.push(full.state) });
  await rpc.ready;
  const worker = started.at(-1);
  rpc.loadFull();
  rpc.loadFull();
  assert.deepEqual(worker.posted, [{ load: 'full' }], 'asked once');
  const waiting = rpc.call('classify', 'x');
  assert.equal(rpc.waitingForFull, true, 'a call of the full build waits while it loads');
  worker.onmessage({ data: { progress: { loaded: 1000, total: 4000 } } });
  assert.deepEqual([rpc.full.loaded, rpc.full.total], [1000, 4000]);
  worker.onmessage({ data: { full: true } });
  assert.equal(rpc.full.state, 'loaded');
  assert.equal(rpc.waitingForFull, false);
  worker.onmessage({ data: { id: worker.posted.at(-1).id, ok: true, value: 'KIND' } });
  assert.equal(await waiting, 'KIND');
  assert.deepEqual(states, ['loading', 'loading', 'loaded']);
  rpc.cancel();
  assert.deepEqual(started.at(-1).posted, [{ load: 'full' }], 'the fresh worker loads the full build again');
});

test('a call of the server build waits for it, not for the full build, while the full build has not loaded', async () => {
  const rpc = new WasmWorker('worker.js');
  await rpc.ready;
  const worker = started.at(-1);
  rpc.loadFull();
  const waiting = rpc.call('validate', 'x');
  // Until the worker says it loads the server build, the call may go to the full build on its way.
  assert.equal(rpc.waitingFor, 'full');
  worker.onmessage({ data: { progress: { loaded: 10, total: 40 }, build: 'server' } });
  assert.equal(rpc.waitingFor, 'server');
  assert.equal(rpc.waitingForFull, false);
  assert.deepEqual(rpc.server, { state: 'loading', loaded: 10, total: 40 });
  assert.equal(rpc.full.loaded, 0, 'the full build\'s progress is its own');
  worker.onmessage({ data: { server: true } });
  assert.equal(rpc.server.state, 'loaded');
  // Loaded, the server build runs the call: nothing is downloading for it any more.
  assert.equal(rpc.waitingFor, undefined);
  worker.onmessage({ data: { id: worker.posted.at(-1).id, ok: true, value: 'VALID' } });
  assert.equal(await waiting, 'VALID');
  // A server build that failed leaves the call to the full build, which it then waits for.
  const again = new WasmWorker('worker.js');
  await again.ready;
  again.loadFull();
  again.call('validate', 'y');
  started.at(-1).onmessage({ data: { server: false, error: { name: 'Error', message: 'no server build' } } });
  assert.equal(again.waitingFor, 'full');
});
