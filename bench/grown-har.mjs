// A real HAR grown to a size for the benches (issue 40): its entries repeated in rounds until
// `bytes`, each round's JSON-RPC ids (and task ids) in the request and response bodies made new, so
// that every answer still answers its own request and every task is its own; written as the
// fixtures are (two-space indent). What `tests/fixtures/logs/grown.mjs` does for a log of lines;
// `grownFixture` grows either kind of fixture, for the benches.
//   node bench/grown-har.mjs FIXTURE.har MB OUT.har

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { grownLog } from '../tests/fixtures/logs/grown.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A body's text with round `round`'s ids (`"id":N` → `"id":round*100+N`) and task ids (`-round`). */
function renumbered(text, round) {
  return text
    .replace(/"id":(\d+)/g, (_, id) => `"id":${round * 100 + Number(id)}`)
    .replace(/"taskId":"([^"]*)"/g, (_, id) => `"taskId":"${id}-${round}"`);
}

/** One entry of round `round`: a copy whose request and response bodies are renumbered. */
function entryOf(entry, round) {
  const copy = structuredClone(entry);
  const post = copy.request?.postData;
  if (typeof post?.text === 'string') post.text = renumbered(post.text, round);
  const content = copy.response?.content;
  if (typeof content?.text === 'string') content.text = renumbered(content.text, round);
  return copy;
}

/** The HAR text `har` with its entries repeated up to `bytes` (UTF-16 units, about). */
export function grownHar(har, bytes) {
  const parsed = JSON.parse(har);
  const once = parsed.log.entries;
  const written = JSON.stringify(parsed, null, 2).length;
  parsed.log.entries = [];
  const rest = JSON.stringify(parsed, null, 2).length;
  const rounds = Math.max(1, Math.round((bytes - rest) / (written - rest)));
  parsed.log.entries = Array.from({ length: rounds }, (_, round) => once.map((e) => entryOf(e, round))).flat();
  return `${JSON.stringify(parsed, null, 2)}\n`;
}

/** The fixture at `path` (from the repository's root) grown to `bytes`: a HAR by its entries
 * (`grownHar`), any other log by its non-blank lines (`grownLog`). */
export function grownFixture(path, bytes) {
  const text = readFileSync(join(ROOT, path), 'utf8');
  return path.endsWith('.har') ? grownHar(text, bytes) : grownLog(text.split('\n').filter(Boolean), bytes);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [fixture, mb, out] = process.argv.slice(2);
  if (!fixture || !mb || !out) {
    console.error('usage: node bench/grown-har.mjs FIXTURE.har MB OUT.har');
    process.exit(2);
  }
  const text = grownHar(readFileSync(fixture, 'utf8'), Number(mb) * 1e6);
  writeFileSync(out, text);
  console.log(`${out}: ${(text.length / 1e6).toFixed(1)} MB`);
}
