// Trap recovery of the package entries (pkg/recover.js): a wasm trap becomes an InternalError and
// the next call runs in a fresh instance, made only then. Tested with a fake glue factory
// (tests/node/fixtures/fake-glue.js) that traps on request, and against the real package for the
// errors that must pass through and for a real trap.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { createGlue as createRealGlue } from '../../pkg/mcp_json_toolbox_factory.js';
import { instanceHost, recoverable } from '../../pkg/recover.js';
import * as real from '../../pkg/node.js';
import { createGlue, created } from './fixtures/fake-glue.js';

/** The wrapped API of a fresh fake glue instance. */
const fakeApi = () => recoverable(instanceHost(createGlue, 'compiled'));

test('a trap throws InternalError with the trap as cause, and the next call works', () => {
  const api = fakeApi();
  assert.equal(api.echo('a'), 'a');
  assert.throws(
    () => api.echo('trap'),
    (e) =>
      e.name === 'InternalError' &&
      e.message === 'internal error in echo, please report it: unreachable' &&
      e.cause instanceof WebAssembly.RuntimeError,
  );
  assert.equal(api.echo('b'), 'b', 'the call right after the trap runs in a fresh instance');
});

test('the spare instance is made only when a trap happens, never ahead of time', () => {
  const before = created();
  const api = fakeApi();
  assert.equal(created() - before, 1, 'one instance at start-up');
  for (let i = 0; i < 5; i += 1) api.echo(`call ${i}`);
  assert.throws(() => api.echo('bad'), { name: 'JsonError' });
  assert.equal(created() - before, 1, 'calls and errors thrown on purpose make no other');
  assert.throws(() => api.echo('trap'), { name: 'InternalError' });
  assert.equal(created() - before, 2, 'the trap made exactly one fresh instance');
  assert.equal(api.echo('after'), 'after');
  assert.equal(created() - before, 2);
});

test('a stack overflow (RangeError) is recovered like a trap, again and again', () => {
  const api = fakeApi();
  for (let round = 0; round < 3; round += 1) {
    assert.throws(() => api.echo('overflow'), (e) => e.name === 'InternalError' && e.cause instanceof RangeError);
    assert.equal(api.echo(`after ${round}`), `after ${round}`);
  }
});

test('errors thrown on purpose pass through unchanged and do not restart', () => {
  const api = fakeApi();
  assert.throws(() => api.echo('bad'), (e) => e.name === 'JsonError' && e.line === 1);
  assert.equal(api.echo('still'), 'still');
});

test('objects made before a trap are made again from their arguments', () => {
  const api = fakeApi();
  const counter = new api.Counter(10);
  assert.equal(counter.next(), 11);
  assert.throws(() => api.echo('trap'), { name: 'InternalError' });
  assert.equal(counter.next(), 11, 'a fresh Counter(10) in the fresh instance');
  assert.equal(counter.next(), 12);
  counter.free();
  assert.equal(new api.Counter(1).next(), 2);
});

test('a Session made before a trap throws instead of coming back empty', () => {
  const api = fakeApi();
  const session = new api.Session();
  assert.equal(session.push(), 1);
  assert.throws(() => api.echo('trap'), { name: 'InternalError' });
  assert.throws(() => session.push(), (e) => e.name === 'InternalError' && /state is lost/.test(e.message));
  session.free();
  const fresh = new api.Session();
  assert.equal(fresh.push(), 1, 'a new Session works');
});

test('the real package: JsonError, SchemaError and TypeError pass through the wrappers', () => {
  assert.throws(() => real.format('[1,'), (e) => e.name === 'JsonError' && typeof e.line === 'number');
  assert.throws(() => new real.Validator('{"type": 5}'), { name: 'SchemaError' });
  assert.throws(() => real.format('[1]', { indent: 'wide' }), TypeError);
  const validator = new real.Validator('{"type": "object"}');
  assert.equal(validator.isValid('{}'), true);
  assert.equal(validator.validate('[]').valid, false);
});

test('the real package: what is neither JSON text nor a JSON value is a TypeError, before wasm', () => {
  const wrong = [
    [() => real.format(5), /^format: argument 1 must be a string \(JSON text\), got number$/],
    [() => real.classify(undefined), /^classify: argument 1 must be JSON text \(a string\) or a JSON value, got undefined$/],
    [() => real.validateArguments('{}', [1n]), /^validateArguments: argument 2 at \/0 is a BigInt, which JSON cannot hold$/],
    [() => new real.Validator(() => {}), /^Validator: argument 1 is a function, which JSON cannot hold$/],
    [() => real.checkToolCall('{}', undefined), /^checkToolCall: argument 2 must be JSON text \(a string\) or a JSON value, got undefined$/],
  ];
  for (const [call, message] of wrong) assert.throws(call, (e) => e instanceof TypeError && message.test(e.message));
  const validator = new real.Validator('{"required": ["a"]}');
  assert.throws(() => validator.isValid(NaN), { name: 'TypeError', message: /^Validator\.isValid: argument 1 is NaN/ });
  assert.throws(() => validator.validate(Symbol('x')), { name: 'TypeError', message: /^Validator\.validate: argument 1 is a symbol/ });
  // An optional text may be left out.
  assert.equal(real.checkToolCall('{"name":"t","inputSchema":{"type":"object"}}', '{}').diagnostics.length > 0, true);
  assert.equal(validator.isValid('{"a": 1}'), true);
});

test('a real trap of the real glue is recovered (the glue unchecked, as the raw bindings are)', () => {
  // Without the string table, the glue copies a number as a string and the instance traps with
  // "memory access out of bounds": a real trap, not a simulated one.
  const module = new WebAssembly.Module(readFileSync(new URL('../../pkg/mcp_json_toolbox_bg.wasm', import.meta.url)));
  const host = instanceHost(createRealGlue, module);
  const first = host.glue;
  const api = recoverable(host);
  assert.throws(
    () => api.format(5),
    (e) => e.name === 'InternalError' && e.message.startsWith('internal error in format, please report it: ') &&
      e.cause instanceof WebAssembly.RuntimeError,
  );
  assert.notEqual(host.glue, first, 'a fresh glue after the trap');
  assert.equal(api.format('{"after":[1.50]}', { minify: true }), '{"after":[1.50]}');
  const validator = new api.Validator('{"required": ["a"]}');
  assert.throws(() => validator.validate(7), { name: 'InternalError' });
  assert.equal(validator.validate('{}').valid, false, 'the validator was made again in the fresh instance');
  assert.equal(validator.isValid('{"a": 1}'), true);
});
