// The glue's types, and of its values only the API the entries export (not init, initSync, start); those
// that take JSON values (overloads in values.d.ts) from values.js.
export type * from './mcp_json_toolbox.js';
export { /* the glue's API taking text */ } from './mcp_json_toolbox.js';
export { /* the glue's API taking values */ } from './values.js';
