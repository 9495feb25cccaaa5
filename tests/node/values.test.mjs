// JSON values where the API takes JSON text (runtime/values.js through pkg/node.js): the same
// verdicts as the text, no spans for values, and a TypeError naming the path for anything JSON
// cannot hold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as api from '../../pkg/node.js';

const SCHEMA = {
  type: 'object',
  properties: { dataset: { type: 'string', pattern: '^[a-z]+$' }, shard: { type: 'integer', minimum: 0 } },
  required: ['dataset'],
  additionalProperties: false,
};
const TOOL = { name: 'query', inputSchema: SCHEMA, outputSchema: { type: 'object', required: ['rows'] } };
const CALL = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'query', arguments: { dataset: 'logs', shard: -1 } } };

/** Every `span`/`schemaSpan` key in a result (a report, a classification), by JSON pointer. */
function spans(value, path = '') {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k === 'span' || k === 'schemaSpan' ? [`${path}/${k}`] : []),
    ...spans(v, `${path}/${k}`),
  ]);
}

/** A result with its spans removed, to compare a value's result with the text's. */
function withoutSpans(value) {
  return JSON.parse(JSON.stringify(value, (k, v) => (k === 'span' || k === 'schemaSpan' ? undefined : v)));
}

test('Validator: a schema and arguments as values give the verdicts and findings of their texts', () => {
  const fromText = new api.Validator(JSON.stringify(SCHEMA));
  const fromValue = new api.Validator(SCHEMA);
  for (const args of [{ dataset: 'logs' }, { dataset: 'logs', shard: -1 }, { shard: 'x', extra: [1, { a: null }] }, [], 5, null, true]) {
    const text = JSON.stringify(args);
    const expected = fromText.validate(text);
    assert.equal(fromValue.isValid(args), expected.valid, text);
    assert.equal(fromText.isValid(args), expected.valid, text);
    const report = fromValue.validate(args);
    assert.deepEqual(report, withoutSpans(expected), text);
    assert.deepEqual(spans(report), [], `a value has no spans: ${text}`);
  }
});

test('spans stay for the parts given as text: arguments text with a schema value, and the reverse', () => {
  const args = '{"dataset":"logs","shard":-1}';
  const textArgs = new api.Validator(SCHEMA).validate(args).diagnostics[0];
  assert.equal(textArgs.span.column, 27);
  assert.equal(textArgs.schemaSpan, undefined, 'the schema was a value');
  const textSchema = new api.Validator(JSON.stringify(SCHEMA)).validate({ dataset: 'logs', shard: -1 }).diagnostics[0];
  assert.equal(textSchema.span, undefined, 'the arguments were a value');
  assert.ok(textSchema.schemaSpan, 'the schema was text');
  assert.equal(textSchema.instancePath, '/shard', 'the instancePath locates a value finding');
  const once = api.validateArguments(SCHEMA, args);
  assert.equal(once.diagnostics[0].span.column, 27);
  assert.equal(once.diagnostics[0].schemaSpan, undefined);
  // A lone surrogate in a schema value (JSON.stringify writes it as `\ud800`): the crate's warning
  // points into the schema text as its `schemaSpan`, so it leaves with the schema's spans, and the
  // arguments' own warning keeps its `span` in the arguments text.
  const lone = { ...SCHEMA, title: '\ud800' };
  const loneArgs = '{"dataset":"\\udc00"}';
  const fromText = api.validateArguments(JSON.stringify(lone), loneArgs).diagnostics.map((d) => [d.code, d.keywordLocation, d.instancePath, d.span?.column, d.schemaSpan?.start]);
  const title = JSON.stringify(lone).indexOf('\\ud800');
  assert.deepEqual(fromText.filter(([code]) => code === 'lone-surrogate'), [['lone-surrogate', undefined, '/dataset', 13, undefined], ['lone-surrogate', '/title', '', undefined, title]]);
  const fromValue = api.validateArguments(lone, loneArgs).diagnostics.filter((d) => d.code === 'lone-surrogate');
  assert.deepEqual(fromValue.map((d) => [d.keywordLocation, d.instancePath, d.span?.column, d.schemaSpan]), [[undefined, '/dataset', 13, undefined], ['/title', '', undefined, undefined]]);
});

test('a string is JSON text, never a value: stringified arguments are unwrapped as before', () => {
  const report = new api.Validator(SCHEMA).validate(JSON.stringify(JSON.stringify({ dataset: 'logs' })));
  assert.equal(report.valid, true);
  assert.equal(report.stringified, true);
  const broken = new api.Validator(SCHEMA).validate('{"dataset":');
  assert.equal(broken.valid, false, 'a string that is not JSON is bad JSON text, not a string value');
  assert.ok(broken.diagnostics[0].span);
});

test('classify, host checks and replay take values and drop only the spans into them', () => {
  const text = JSON.stringify(CALL);
  const classified = api.classify(CALL);
  assert.equal(classified.kind, 'CallToolRequest');
  assert.deepEqual(classified, withoutSpans(api.classify(text)));
  assert.deepEqual(spans(classified), []);
  const batch = api.classify([CALL, { jsonrpc: '2.0', id: 1, result: { content: [] } }]);
  assert.deepEqual(batch.items.map((i) => i.kind), ['CallToolRequest', 'CallToolResult']);

  const tool = api.checkTool(TOOL);
  assert.deepEqual(tool, withoutSpans(api.checkTool(JSON.stringify(TOOL))));

  const call = api.checkToolCall(TOOL, text);
  const callText = api.checkToolCall(JSON.stringify(TOOL), text);
  assert.equal(call.valid, false);
  assert.deepEqual(withoutSpans(call), withoutSpans(callText));
  const minimum = call.diagnostics.find((d) => d.code === 'minimum');
  assert.ok(minimum.span, 'the request was text: its span stays');
  assert.equal(minimum.schemaSpan, undefined, 'the tool was a value: no schemaSpan into it');
  assert.deepEqual(api.checkToolCall(TOOL, CALL, null), api.checkToolCall(TOOL, CALL), 'null capabilities are left out, as before');
  const allValues = api.checkToolCall(TOOL, CALL, { tools: {} });
  assert.deepEqual(spans(allValues), []);
  assert.deepEqual(withoutSpans(allValues), withoutSpans(api.checkToolCall(JSON.stringify(TOOL), text, '{"tools":{}}')));

  const result = { jsonrpc: '2.0', id: 1, result: { content: [], structuredContent: { nope: 1 } } };
  const checked = api.checkToolResult(TOOL, result);
  assert.equal(checked.valid, false);
  assert.deepEqual(checked, withoutSpans(api.checkToolResult(JSON.stringify(TOOL), JSON.stringify(result))));

  // classify against a tool: the call's findings against the tool as text and as a value alike,
  // the tool's keyword positions (schemaSpan) dropped when it was a value.
  const against = api.classify(text, TOOL);
  const againstText = api.classify(text, JSON.stringify(TOOL));
  assert.ok(againstText.diagnostics.length > api.classify(text).diagnostics.length, 'checked against the tool');
  assert.deepEqual(withoutSpans(against), withoutSpans(againstText));
  assert.ok(against.diagnostics.find((d) => d.code === 'minimum').span, 'the payload was text: its span stays');
  assert.ok(against.diagnostics.every((d) => d.schemaSpan === undefined));

  const transcript = [CALL, { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'ok' }] } }];
  const session = api.replaySession(transcript);
  assert.deepEqual(session, withoutSpans(api.replaySession(JSON.stringify(transcript))));
  assert.deepEqual(spans(session), []);
});

test('lintSchema and checkElicitation take values: the text result minus spans (a fix keeps its replacement)', () => {
  const schema = { type: 'object', properties: { a: { type: 'string', maxLenght: 5 }, n: { type: 'integer', minimum: 5, maximum: 1 } }, requird: ['a'] };
  const lint = api.lintSchema(schema);
  const lintText = api.lintSchema(JSON.stringify(schema));
  assert.deepEqual(lintText.diagnostics.map((d) => d.code).sort(), ['empty-range', 'unknown-keyword', 'unknown-keyword']);
  assert.ok(lintText.diagnostics.every((d) => d.span), 'text findings have spans');
  assert.deepEqual(lint, withoutSpans(lintText));
  assert.deepEqual(spans(lint), []);
  const typo = lint.diagnostics.find((d) => d.instancePath === '/properties/a/maxLenght');
  assert.deepEqual(typo.fix, { replacement: '"maxLength"' }, 'the fix has no span into a text the caller never had');
  // The same rule in a HostReport: a tool value's lint fixes lose their span too.
  const tool = api.checkTool({ name: 'q', inputSchema: schema });
  assert.deepEqual(spans(tool), []);
  assert.deepEqual(tool, withoutSpans(api.checkTool(JSON.stringify({ name: 'q', inputSchema: schema }))));

  const request = { jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { mode: 'form', message: 'Replicas?',
    requestedSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1 }, o: { type: 'object' } } } } };
  const answer = { action: 'accept', content: { n: 0 } };
  const [requestText, answerText] = [JSON.stringify(request), JSON.stringify(answer)];
  const text = api.checkElicitation(requestText, answerText);
  assert.deepEqual(text.diagnostics.map((d) => d.code), ['elicitation-schema-nested']);
  assert.deepEqual(text.responseDiagnostics.map((d) => d.code), ['minimum']);
  const values = api.checkElicitation(request, answer);
  assert.deepEqual(values, withoutSpans(text));
  assert.deepEqual(spans(values), []);
  assert.deepEqual(api.checkElicitation(request), withoutSpans(api.checkElicitation(requestText)), 'the answer is optional');
  assert.deepEqual(api.checkElicitation(request, null), api.checkElicitation(request));
  const textAnswer = api.checkElicitation(request, answerText).responseDiagnostics[0];
  assert.ok(textAnswer.span, 'the answer was text: its span stays');
  assert.equal(textAnswer.schemaSpan, undefined, 'the request was a value: no schemaSpan into it');
  const textRequest = api.checkElicitation(requestText, answer);
  assert.ok(textRequest.diagnostics[0].span, 'the request was text: its span stays');
  assert.equal(textRequest.responseDiagnostics[0].span, undefined, 'the answer was a value');
  assert.ok(textRequest.responseDiagnostics[0].schemaSpan, 'its schemaSpan points into the request text');

  for (const [call, where] of [
    [() => api.lintSchema({ minimum: NaN }), 'lintSchema: argument 1'],
    [() => api.checkElicitation({ params: { n: NaN } }), 'checkElicitation: argument 1'],
    [() => api.checkElicitation(request, { content: { n: NaN } }), 'checkElicitation: argument 2'],
  ]) {
    assert.throws(call, (e) => e instanceof TypeError && / at \/\S+ is NaN, which JSON cannot hold$/.test(e.message) && e.message.startsWith(where), where);
  }
  assert.throws(() => api.lintSchema({ minimum: NaN }), { name: 'TypeError', message: 'lintSchema: argument 1 at /minimum is NaN, which JSON cannot hold' });
  assert.throws(() => api.checkElicitation(request, { content: { n: NaN } }), { message: 'checkElicitation: argument 2 at /content/n is NaN, which JSON cannot hold' });
});

test('values JSON cannot hold throw a TypeError naming the path; nothing is changed silently', () => {
  const cycle = { a: [1] };
  cycle.a.push(cycle);
  const wrong = [
    [{ n: NaN }, 'at /n is NaN, which JSON cannot hold'],
    [{ n: [1, Infinity] }, 'at /n/1 is Infinity, which JSON cannot hold'],
    [{ n: -Infinity }, 'at /n is -Infinity'],
    [{ big: 10n }, 'at /big is a BigInt'],
    [{ f() {} }, 'at /f is a function'],
    [{ u: undefined }, 'at /u is undefined'],
    [{ 'a/b~c': { s: Symbol('x') } }, 'at /a~1b~0c/s is a symbol'],
    [cycle, 'at /a/1 is a cycle: it contains itself'],
    [{ m: new Map([[1, 2]]) }, 'at /m is a Map'],
    [{ s: new Set() }, 'at /s is a Set'],
    [{ r: /x/ }, 'at /r is a RegExp'],
    [{ c: new (class Point {})() }, 'at /c is a Point'],
    [[1, , 3], 'at /1 is an empty slot of a sparse array'], // eslint-disable-line no-sparse-arrays
    [NaN, 'is NaN'],
  ];
  const validator = new api.Validator({});
  for (const [value, message] of wrong) {
    for (const [call, where] of [
      [() => validator.isValid(value), 'Validator.isValid: argument 1'],
      [() => validator.validate(value), 'Validator.validate: argument 1'],
      [() => api.classify(value), 'classify: argument 1'],
      [() => api.validateArguments({}, value), 'validateArguments: argument 2'],
      [() => new api.Validator(value), 'Validator: argument 1'],
      [() => api.checkToolCall(TOOL, value), 'checkToolCall: argument 2'],
      [() => api.replaySession(value), 'replaySession: argument 1'],
    ]) {
      assert.throws(call, (e) => e instanceof TypeError && e.message.startsWith(`${where} ${message}`), `${where} ${message}`);
    }
  }
  assert.throws(() => api.classify(undefined), { name: 'TypeError', message: 'classify: argument 1 must be JSON text (a string) or a JSON value, got undefined' });
  assert.throws(() => api.checkTool(), { name: 'TypeError' });
});

test('documented rules: toJSON is used (a Date is its ISO string), symbol keys and non-enumerable properties are not data', () => {
  const when = new Date('2026-12-01T00:00:00Z');
  const schema = { type: 'object', properties: { at: { type: 'string', const: when.toISOString() } }, additionalProperties: false };
  const hidden = { at: when, [Symbol('meta')]: 1 };
  Object.defineProperty(hidden, 'secret', { value: 1, enumerable: false });
  assert.equal(new api.Validator(schema).isValid(hidden), true);
  assert.equal(new api.Validator(Object.assign(Object.create(null), { type: 'object' })).isValid(Object.create(null)), true);
});

test('a schema value that is not valid throws a SchemaError without spans; options.schemas take values', () => {
  assert.throws(() => new api.Validator({ type: 5 }), (e) => e.name === 'SchemaError' && e.diagnostics.length > 0 && spans(e.diagnostics).length === 0);
  assert.throws(() => new api.Validator('{"type": 5}'), (e) => e.name === 'SchemaError' && e.diagnostics[0].span !== undefined);
  const options = { schemas: { 'https://example.com/name': { type: 'string', minLength: 2 } } };
  const validator = new api.Validator({ properties: { name: { $ref: 'https://example.com/name' } } }, options);
  assert.equal(validator.isValid({ name: 'ab' }), true);
  assert.equal(validator.isValid({ name: 'a' }), false);
  assert.equal(typeof options.schemas['https://example.com/name'], 'object', "the caller's options are not changed");
});

test('format stays text only; the stray start export is gone', () => {
  assert.throws(() => api.format({ a: 1 }), /^TypeError: format: argument 1 must be a string \(JSON text\), got object$/);
  assert.throws(() => api.formatDocument([1]), { name: 'TypeError' });
  assert.equal('start' in api, false);
});
