// The worker RPC of the page and of <mcp-json> (runtime/wasm-rpc.js) with a fake Worker: a trap reported by the worker (a
// RuntimeError, a stack-overflow RangeError or an InternalError) rejects the call with an
// InternalError and starts a fresh worker; other errors only reject the call.
import assert from 'node:assert/strict';
import { test } from 'node:test';

/** Workers the RPC started, newest last; each answers a call with what `reply(message)` returns. */
const started = [];
globalThis.Worker = class {
  constructor(url) {
    this.url = url;
    this.terminated = false;
    started.push(this);
    queueMicrotask(() => this.onmessage({ data: { ready: true, functions: ['format'], version: '0' } }));
  }

  postMessage({ id, args }) {
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

const { WasmWorker } = await import('../../runtime/wasm-rpc.js');

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
