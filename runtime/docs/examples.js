// The live examples of a docs file, with a map from each example's text back into the file:
// `json mcp` fences of Markdown/MDX, and `<mcp-json>` elements and JSON data blocks of HTML.
// Used by the docs check, which reports findings at `file:line:column` of the file itself.

import { parseInfo } from './fence.js';

/**
 * Positions in a file: `at(offset)` → `{ line, column }` (1-based, UTF-16 columns, as editors count).
 */
class FileText {
  constructor(source) {
    this.source = source;
    this.lineStarts = [0];
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** Line and column of a file offset. */
  at(offset) {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }
}

/**
 * An example's text and where each part of it came from: `segments` are `[textOffset, fileOffset]`
 * pairs, in order; text between two segment starts maps one-to-one.
 */
class MappedText {
  constructor(file) {
    this.file = file;
    this.text = '';
    this.segments = [];
  }

  /** Appends `text`, which sits at `fileOffset` in the file. */
  push(text, fileOffset) {
    this.segments.push([this.text.length, fileOffset]);
    this.text += text;
  }

  /** The file position of a text offset. */
  at(offset) {
    let found = this.segments[0] ?? [0, 0];
    for (const segment of this.segments) {
      if (segment[0] > offset) break;
      found = segment;
    }
    return this.file.at(found[1] + (offset - found[0]));
  }
}

/**
 * @typedef {object} Example
 * @property {import('./fence.js').FenceSpec} spec
 * @property {MappedText} source  `source.text` is the example, `source.at(offset)` its file position
 * @property {{ line: number, column: number }} start  where the fence or element opens
 */

/** Opening of a fence (any indentation, so fences in list items count) and its info string. */
const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})(.*)$/;

/** The `json mcp` fences of a Markdown or MDX file. */
function markdownExamples(file) {
  const examples = [];
  const lines = file.source.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = FENCE_OPEN.exec(lines[i]);
    if (!open || (open[2][0] === '`' && open[3].includes('`'))) continue;
    const [, indent, marker, info] = open;
    const close = new RegExp(`^[ \\t]*${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
    const source = new MappedText(file);
    let j = i + 1;
    for (; j < lines.length && !close.test(lines[j]); j += 1) {
      const strip = Math.min(indent.length, /^[ \t]*/.exec(lines[j])[0].length);
      if (j > i + 1) source.push('\n', file.lineStarts[j] - 1);
      source.push(lines[j].slice(strip), file.lineStarts[j] + strip);
    }
    if (j === i + 1) source.push('', file.lineStarts[i + 1] ?? file.source.length);
    const spec = parseInfo(info);
    if (spec) examples.push({ spec, source, start: { line: i + 1, column: indent.length + 1 } });
    i = j;
  }
  return examples;
}

/** `name="value"` attributes of an HTML start tag. */
function attributes(text) {
  const attrs = {};
  for (const [, name, double, single, bare] of text.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[name.toLowerCase()] = decodeEntities(double ?? single ?? bare ?? '');
  }
  return attrs;
}

const NAMED = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };
const ENTITY = /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|(\w+));/g;

/** The character an entity match stands for, or the match itself when unknown.
 * @param {string[]} match */
function entity([whole, decimal, hex, name]) {
  if (decimal || hex) return String.fromCodePoint(Number.parseInt(decimal ?? hex, decimal ? 10 : 16));
  return NAMED[name] ?? whole;
}

/** Text with HTML character references decoded. */
function decodeEntities(text) {
  return text.replace(ENTITY, (...match) => entity(match));
}

/** HTML text content at `fileOffset`, decoded, appended to `source` with its positions. */
function pushDecoded(source, html, fileOffset) {
  let last = 0;
  for (const match of html.matchAll(ENTITY)) {
    source.push(html.slice(last, match.index), fileOffset + last);
    source.push(entity(match), fileOffset + match.index);
    last = match.index + match[0].length;
  }
  source.push(html.slice(last), fileOffset + last);
}

/** The `<mcp-json>` elements of an HTML file (their `<code>` text, decoded) and their inline schemas. */
function htmlExamples(file) {
  const examples = [];
  for (const element of file.source.matchAll(/<mcp-json\b([^>]*)>([\s\S]*?)<\/mcp-json>/gi)) {
    const attrs = attributes(element[1]);
    const bodyOffset = element.index + element[0].indexOf('>') + 1;
    const body = element[2];
    const code = /<code\b[^>]*>([\s\S]*?)<\/code>/i.exec(body);
    if (!code) continue;
    const source = new MappedText(file);
    pushDecoded(source, code[1], bodyOffset + code.index + code[0].indexOf('>') + 1);
    const spec = { isSchema: false, readonly: 'readonly' in attrs, hidden: false, mode: attrs.mode, expect: attrs.expect, id: attrs.id, schema: attrs.schema?.replace(/^#/, '') };
    const inline = /<script\b([^>]*)>([\s\S]*?)<\/script>/i.exec(body);
    const example = { spec, source, start: file.at(element.index) };
    if (inline && attributes(inline[1]).slot === 'schema') {
      const schema = new MappedText(file);
      schema.push(inline[2], bodyOffset + inline.index + inline[0].indexOf('>') + 1);
      example.inlineSchema = schema;
    }
    examples.push(example);
  }
  return examples;
}

/** JSON data blocks of an HTML file with an id: `<script type="application/json" id="…">`. */
function htmlSchemas(file) {
  const schemas = new Map();
  for (const script of file.source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributes(script[1]);
    if (attrs.type !== 'application/json' || !attrs.id) continue;
    const source = new MappedText(file);
    source.push(script[2], script.index + script[0].indexOf('>') + 1);
    schemas.set(attrs.id, source);
  }
  return schemas;
}

/**
 * The examples of a docs file and the schemas they may refer to by id (schema fences, data blocks,
 * and any example with an id). `kind` is `markdown` (.md, .mdx) or `html`.
 * @returns {{ examples: Example[], schemas: Map<string, MappedText> }}
 */
export function docsExamples(text, kind) {
  const file = new FileText(text);
  const found = kind === 'html' ? htmlExamples(file) : markdownExamples(file);
  const schemas = kind === 'html' ? htmlSchemas(file) : new Map();
  for (const { spec, source } of found) if (spec.id) schemas.set(spec.id, source);
  return { examples: found.filter(({ spec }) => !(spec.isSchema && spec.hidden)), schemas };
}
