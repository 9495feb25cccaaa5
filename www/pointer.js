// JSON Pointers (RFC 6901) on the page: the one walker over a value, and its token escapes.

/** A reference token as written in a pointer (`~` as `~0`, `/` as `~1`). */
export function escapeToken(key) {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A reference token read back (`~1` is `/`, `~0` is `~`). */
export function unescapeToken(token) {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The value at the JSON Pointer `pointer` in `value` (`''` is `value` itself), or undefined. */
export function valueAt(value, pointer) {
  if (!pointer) return value;
  return pointer.slice(1).split('/').reduce((node, token) => (node === undefined || node === null ? undefined : node[unescapeToken(token)]), value);
}
