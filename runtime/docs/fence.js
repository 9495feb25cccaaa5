// Fenced code blocks that become live examples: the info string
// ```` ```json mcp validate schema=batch-index expect=invalid ```` read into attributes, and the
// `<mcp-json>` markup the markdown plugins put in its place. Shared by the markdown-it plugin,
// the remark plugin and the docs check, so all three read a fence the same way.

import { MODES } from '../modes.js';

/** Languages a live example's fence may name. */
const LANGUAGES = new Set(['json', 'jsonc', 'json5']);

/**
 * @typedef {object} FenceSpec
 * @property {string} [mode]      format | validate | classify | session | auto
 * @property {string} [schema]    id of the schema the example validates against (without `#`)
 * @property {string} [expect]    valid | invalid | a kind such as CreateTaskResult
 * @property {string} [id]        the example's own id (a schema fence must have one)
 * @property {boolean} isSchema   a `schema` fence: it defines a schema other examples refer to
 * @property {boolean} readonly
 * @property {boolean} hidden     a schema fence kept out of sight (a data block only)
 * @property {string} [title]
 */

/**
 * Reads a fence's info string: null unless it is `json mcp …`. Words are a mode, `schema`,
 * `readonly`, `hidden`; `key=value` pairs (value optionally quoted) are `schema`, `expect`, `id`,
 * `title`, `mode`.
 * @returns {FenceSpec | null}
 */
export function parseInfo(info) {
  const words = [...String(info ?? '').trim().matchAll(/(\w[\w-]*)=(?:"([^"]*)"|'([^']*)'|(\S*))|(\S+)/g)];
  const [lang, marker] = words.map((w) => w[5]);
  if (!LANGUAGES.has(lang?.toLowerCase()) || marker !== 'mcp') return null;
  const spec = { isSchema: false, readonly: false, hidden: false };
  for (const word of words.slice(2)) {
    const [, key, double, single, bare, flag] = word;
    if (flag !== undefined) {
      if (MODES.includes(flag)) spec.mode = flag;
      else if (flag === 'schema') spec.isSchema = true;
      else if (flag === 'readonly' || flag === 'hidden') spec[flag] = true;
      continue;
    }
    const value = double ?? single ?? bare;
    if (['schema', 'expect', 'id', 'title', 'mode'].includes(key)) spec[key] = value.replace(/^#/, '');
  }
  return spec;
}

/** Text escaped for HTML content and attribute values. */
function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/** The attributes of the `<mcp-json>` element for a fence, in order, as `[name, value]` pairs (value `''` for a flag). */
export function elementAttributes(spec) {
  const attrs = [];
  if (spec.id) attrs.push(['id', spec.id]);
  if (spec.mode) attrs.push(['mode', spec.mode]);
  if (spec.schema && !spec.isSchema) attrs.push(['schema', `#${spec.schema}`]);
  if (spec.expect) attrs.push(['expect', spec.expect]);
  if (spec.title) attrs.push(['label', spec.title]);
  if (spec.readonly) attrs.push(['readonly', '']);
  return attrs;
}

/**
 * The HTML that replaces a fence: `<mcp-json …><pre><code class="language-json">…</code></pre></mcp-json>`,
 * which reads fine without JavaScript; a hidden schema fence is a `<script type="application/json">` data block.
 */
export function elementHtml(spec, text) {
  if (spec.isSchema && spec.hidden) {
    // `</` cannot occur outside a JSON string; inside one, `<\/` is the same string.
    return `<script type="application/json" id="${escapeHtml(spec.id ?? '')}">${text.replace(/<\//g, '<\\/')}</script>\n`;
  }
  const attrs = elementAttributes(spec).map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`)).join('');
  return `<mcp-json${attrs}><pre><code class="language-json">${escapeHtml(text)}</code></pre></mcp-json>\n`;
}
