#!/usr/bin/env node
// The targets table and the rules table of docs/compat.md, generated from the compatibility data
// (compat-data/*.json): one row per declared target (in report order: APIs, hosts, the spec) and
// one row per entry, each table between its two marker lines. `node scripts/compat-table.mjs` rewrites the
// doc; `--check` exits 1 (printing what differs) when the committed doc is not up to date
// (tests/node/compat-doc.test.mjs runs it).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const DOC = join(ROOT, 'docs/compat.md');
const BEGIN = '<!-- begin: rules table generated from compat-data/ by scripts/compat-table.mjs -->';
const END = '<!-- end: rules table -->';
const TARGETS_BEGIN = '<!-- begin: targets table generated from compat-data/ by scripts/compat-table.mjs -->';
const TARGETS_END = '<!-- end: targets table -->';
const KINDS = ['api', 'host', 'spec'];

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

/** The data files' values, in name order (as the crate embeds them). */
function dataFiles() {
  const files = readdirSync(join(ROOT, 'compat-data')).filter((f) => f.endsWith('.json') && f !== 'schema.json').sort();
  return files.map((file) => JSON.parse(readFileSync(join(ROOT, 'compat-data', file), 'utf8')));
}

/** The targets table's lines: every declared target in report order (the crate's `compatTargets()` order). */
export function targetsTable() {
  const targets = dataFiles().flatMap((d) => d.targets ?? []);
  const lines = [
    '| target | label | kind | versions | opt-in | runs the entries of |',
    '|---|---|---|---|---|---|',
  ];
  for (const kind of KINDS) {
    for (const t of targets.filter((t) => t.kind === kind)) {
      const runs = [t.consumer ?? t.name, ...(t.inherits ?? [])].map((c) => `\`${c}\``).join(', ');
      lines.push(`| \`${t.name}\` | ${t.label} | ${t.kind} | ${t.versions} | ${t.optIn ? 'yes' : 'no'} | ${runs} |`);
    }
  }
  return lines;
}

/** The rules table's lines. */
export function table() {
  const rows = dataFiles().flatMap((d) => d.entries);
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

/** `doc` with the lines between the markers `begin` and `end` replaced by `lines`. */
function between(doc, begin, end, lines) {
  const start = doc.indexOf(begin);
  const stop = doc.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`docs/compat.md has no ${begin} … ${end} markers`);
  return `${doc.slice(0, start + begin.length)}\n${lines.join('\n')}\n${doc.slice(stop)}`;
}

/** docs/compat.md with both tables replaced. */
function updated(doc) {
  return between(between(doc, TARGETS_BEGIN, TARGETS_END, targetsTable()), BEGIN, END, table());
}

const doc = readFileSync(DOC, 'utf8');
const fresh = updated(doc);
if (process.argv.includes('--check')) {
  if (fresh !== doc) {
    console.error('docs/compat.md: the targets or rules table is not the one compat-data/ gives; run node scripts/compat-table.mjs');
    process.exit(1);
  }
} else if (fresh !== doc) {
  writeFileSync(DOC, fresh);
}
