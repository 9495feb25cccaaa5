#!/usr/bin/env node
// The rules table of docs/compat.md, generated from the compatibility data (compat-data/*.json):
// one row per entry, between the two marker lines. `node scripts/compat-table.mjs` rewrites the
// doc; `--check` exits 1 (printing what differs) when the committed doc is not up to date
// (tests/node/compat-doc.test.mjs runs it).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const DOC = join(ROOT, 'docs/compat.md');
const BEGIN = '<!-- begin: rules table generated from compat-data/ by scripts/compat-table.mjs -->';
const END = '<!-- end: rules table -->';

/** A source's link text: `owner/repo#N` for a GitHub issue or pull request, else host and path. */
function label(url) {
  const github = url.match(/^https:\/\/github\.com\/([^/]+)\/([^/]+)\/(?:issues|pull)\/(\d+)/);
  if (github) return `${github[1]}/${github[2]}#${github[3]}`;
  const { hostname, pathname } = new URL(url);
  const last = pathname.split('/').filter(Boolean).pop();
  return last ? `${hostname}…/${last}` : hostname;
}

/** What an entry's feature checks, in a few words (its parameters shown). */
function rule(entry) {
  const w = entry.with ?? {};
  const parts = [];
  if (w.field) parts.push(`\`${w.field}\``);
  if (w.keywords) parts.push(w.keywords.map((k) => `\`${k}\``).join(', '));
  if (w.allowed) parts.push(w.allowed);
  else if (w.chars) parts.push(`\`${w.chars}\``);
  if (w.max !== undefined && !w.allowed) parts.push(`max ${w.max}`);
  if (w.member) parts.push(`\`${w.member}\``);
  if (w.tools !== undefined) parts.push(`${w.tools} tools, ${w.optional} optional parameters`);
  if (w.walk) parts.push('in its own walk');
  return `${entry.feature}${parts.length ? `: ${parts.join('; ')}` : ''}`;
}

/** The table's lines. */
export function table() {
  const files = readdirSync(join(ROOT, 'compat-data')).filter((f) => f.endsWith('.json') && f !== 'schema.json').sort();
  const rows = files.flatMap((file) => JSON.parse(readFileSync(join(ROOT, 'compat-data', file), 'utf8')).entries);
  const lines = [
    '| consumer | code | verdict | versions | rule | evidence (observed; checked) |',
    '|---|---|---|---|---|---|',
  ];
  for (const e of rows) {
    const versions = [e.since && `since ${e.since}`, e.until && `until ${e.until}`].filter(Boolean).join(', ') || 'all';
    const observed = e.evidence.map((s) => s.observed).filter(Boolean).sort().pop() ?? 'undated';
    const checked = e.evidence.map((s) => s.checked).sort().pop();
    const links = e.evidence.map((s) => `[${label(s.url)}](${s.url})`).join(', ');
    const verdict = e.verdict === 'noted' ? '**note**' : e.verdict;
    lines.push(`| ${e.consumer} | \`${e.code}\` | ${verdict} | ${versions} | ${rule(e).replaceAll('|', '\\|')} | ${observed}; ${checked}: ${links} |`);
  }
  return lines;
}

/** docs/compat.md with the table between its markers replaced. */
function updated(doc) {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/compat.md has no ${BEGIN} … ${END} markers`);
  return `${doc.slice(0, start + BEGIN.length)}\n${table().join('\n')}\n${doc.slice(end)}`;
}

const doc = readFileSync(DOC, 'utf8');
const fresh = updated(doc);
if (process.argv.includes('--check')) {
  if (fresh !== doc) {
    console.error('docs/compat.md: the rules table is not the one compat-data/ gives; run node scripts/compat-table.mjs');
    process.exit(1);
  }
} else if (fresh !== doc) {
  writeFileSync(DOC, fresh);
}
