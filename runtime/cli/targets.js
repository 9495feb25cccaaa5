// One `--target` syntax for every command that judges tools by consumer profiles (`compat`,
// `check-tool`, `check-server`): comma-separated lists and repeated flags both work, `all` names
// every profile, `default` the default ones, and an unknown name is a usage error that names it.
import { compatTargets } from 'mcp-json-toolbox';
import { UsageError } from './command.js';

/**
 * Every built-in profile, in report order: `[{ name, optIn, title, label, kind, versions,
 * consumers }]` (`compatTargets()`: declared by the crate's compatibility data;
 * `compatTargets(dataText)` adds those extra data declares).
 */
export const TARGETS = compatTargets();

/** Every profile's name, in report order. */
export const TARGET_NAMES = TARGETS.map((t) => t.name);

/** The default profiles' names (the consumers that take a tool without opt-in). */
export const DEFAULT_TARGETS = TARGETS.filter((t) => !t.optIn).map((t) => t.name);

/**
 * The targets of `--target` values (`values`: the string[] of parseArgs with `multiple: true`,
 * or undefined when the flag is absent): each value a comma-separated list; `all` stands for every
 * name of `known`, in its order, and `default` for `defaults` (the default targets; with extra
 * data, those of `compatTargets(dataText)`). Returns the names in the order given, each once; `[]`
 * when the flag is absent (`checkCompatibility` then checks its default targets). Throws a
 * UsageError naming unknown targets, or saying that the list is empty.
 */
export function parseTargets(values, known, defaults = DEFAULT_TARGETS) {
  if (values === undefined) return [];
  const names = values.flatMap((v) => v.split(',')).map((n) => n.trim()).filter(Boolean);
  // `name@version` asks for an older behaviour (the crate checks the version's form).
  const unknown = names.filter((n) => n !== 'all' && n !== 'default' && !known.includes(n.split('@')[0]));
  if (unknown.length > 0) {
    throw new UsageError(`unknown --target ${unknown.join(', ')}; known: ${known.join(', ')}, all, default`);
  }
  if (names.length === 0) throw new UsageError(`--target needs a name: ${known.join(', ')}, all, default`);
  const expand = (n) => (n === 'all' ? known : n === 'default' ? known.filter((k) => defaults.includes(k)) : [n]);
  const out = [];
  for (const name of names.flatMap(expand)) {
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** The profiles' labels (`targets`: the built-in ones unless given), for a command's summary ("Anthropic API, …, MCP spec"), `width` columns at most a line. */
export function targetLabels(width, targets = TARGETS) {
  const lines = [''];
  for (const [i, t] of targets.entries()) {
    const word = `${t.label}${i < targets.length - 1 ? ',' : ''}`;
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + 1 + word.length > width) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines.join('\n');
}

/** The help lines for `--target` (`targets`: the built-in ones unless given), indented to `pad` columns. */
export function targetHelp(pad, targets = TARGETS) {
  const indent = ' '.repeat(pad);
  const list = (ts) => ts.map((t) => t.name).join(', ');
  return `${indent}default: ${list(targets.filter((t) => !t.optIn))}\n` +
    `${indent}opt-in: ${list(targets.filter((t) => t.optIn))}\n` +
    `${indent}(\`default\` names the default ones, \`all\` every one)`;
}
