// The client's side of a form elicitation: SEP-1034 defaults. "All primitive types support
// optional default values to provide sensible starting points. Clients that support defaults
// SHOULD pre-populate form fields with these values." (SEP-1034, "Support default values for all
// primitive types in elicitation schemas", <https://modelcontextprotocol.io/seps/1034>, checked
// 2026-12-03): a user who accepts a pre-populated form without touching a field sends its default.
// The official TypeScript SDK client does the same when it declares
// `elicitation.form.applyDefaults` (`applyElicitationDefaults`, @modelcontextprotocol/sdk 1.32.2,
// client/index.js; checked 2026-12-03). No judgement is made here: the session checks the answer
// as sent against `requestedSchema` (src/host/elicitation/), a default that fails it included.

/**
 * `answer` (an ElicitResult) as a client that pre-populates the form sends it: an `accept` of a
 * form elicitation (`params.requestedSchema`, a flat object schema) gets, for each property with a
 * `default` that its `content` leaves out, that default (`content` created when absent). Any
 * other answer (a `content` that is not an object too), or a request without such a schema, is
 * returned unchanged.
 */
export function withDefaults(answer, params) {
  const properties = params?.requestedSchema?.properties;
  if (answer?.action !== 'accept' || !isObject(properties)) return answer;
  if (answer.content !== undefined && !isObject(answer.content)) return answer; // the session reports it
  const given = answer.content ?? {};
  const defaults = Object.entries(properties).filter(([key, property]) => given[key] === undefined && isObject(property) && Object.hasOwn(property, 'default'));
  if (defaults.length === 0) return answer;
  return { ...answer, content: { ...given, ...Object.fromEntries(defaults.map(([key, property]) => [key, property.default])) } };
}

/** A JSON object (not an array, not null). */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
