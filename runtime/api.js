// The package's API over a started glue: what every entry (entries/) exports. Each export of the
// glue wrapped for trap recovery (load/recover.js), and taking JSON values where it takes JSON
// text (values.js). Copied into pkg/ as api.js, and as cjs/api.js in CommonJS form.
import { recoverable } from './load/recover.js';
import { acceptValues, textOf } from './values.js';

/**
 * The API of `host` (`{ glue, restart() }`, see load/recover.js): `strings` lists, per export,
 * the indexes of the arguments the glue copies into wasm as strings (written into each entry by
 * scripts/build-pkg.mjs).
 */
export function packageApi(host, strings) {
  return acceptValues(recoverable(host, strings, textOf));
}
