// `--target` as every command reads it: `a,b` and repeated both work, `all` selects every known
// target. (The `compat` engineer's module of the same name and signature replaces this one at
// the merge; the lead keeps one.)
import { UsageError } from './command.js';

/**
 * The targets named by `values` (parseArgs `multiple` strings, or undefined): each split at
 * commas, `all` standing for every name in `known`; undefined when none was given (the default
 * applies). A name not in `known` is a UsageError.
 */
export function parseTargets(values, known) {
  if (values === undefined || values.length === 0) return undefined;
  const names = values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  if (names.length === 0) throw new UsageError('--target needs a name');
  const out = [];
  for (const name of names) {
    const add = name === 'all' ? known : [name];
    for (const n of add) if (!out.includes(n)) out.push(n);
  }
  const unknown = out.filter((t) => !known.includes(t));
  if (unknown.length) throw new UsageError(`unknown --target ${unknown.join(', ')}; known: ${known.join(', ')}`);
  return out;
}
