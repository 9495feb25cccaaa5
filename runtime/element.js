// `<mcp-json>`: a live JSON example for documentation pages. Importing this module registers the
// element. It upgrades the `<pre><code>` it wraps (which reads fine without JavaScript):
//
//   <mcp-json mode="validate" schema="#batch-index" expect="invalid">
//     <pre><code>{"dataset": "Logs", "shard": -1}</code></pre>
//   </mcp-json>
//
// Attributes: `mode` (format | validate | classify | session | auto, default auto), `schema`
// ("#id" of a `<script type="application/json">` data block or of another `<mcp-json>`, holding a
// schema or a Tool whose inputSchema is used; or an inline `<script type="application/json"
// slot="schema">` child), `expect` (valid | invalid | a kind: a visible warning when the computed
// verdict disagrees), `readonly`, `label`, `toolbox` (base URL of the toolbox page for "Open in
// toolbox"; else `<meta name="mcp-json-toolbox" content="URL">`, else `McpJsonElement.toolbox`).
//
// Lazy: nothing loads until an element nears the viewport; then one worker (element-worker.js)
// serves every element of the page: format mode from the format core (tens of KB), the full build
// (one instance) fetched only when an example needs it. The editor (json-editor.js, CodeMirror)
// loads on the first edit. The theme follows the host page: `prefers-color-scheme`, and
// `data-theme="dark|light"` or `class="dark|light"` on `<html>`.
import { h } from './dom.js';
import { elementSheet } from './element-style.js';
import { encodeFragment } from './fragment.js';
import { check, position } from './modes.js';
import { WasmWorker } from './load/worker-client.js';

/** Start checking an element this far before it scrolls into view. */
const NEAR_VIEWPORT = '300px 0px';
/** Wait this long after the last keystroke before checking again. */
const EDIT_DELAY = 250;
/** The toolbox tab each mode opens in. */
const TABS = { format: 'format', validate: 'validate', classify: 'classify', session: 'session', auto: 'home' };

let worker;
/** The API of the one worker all elements share (started on first use). */
async function sharedApi() {
  if (!worker) {
    // Written out in full so that bundlers (Vite, webpack) bundle the worker and its .wasm.
    const started = new WasmWorker(() => new Worker(new URL('./element-worker.js', import.meta.url), { type: 'module' }));
    worker = started.ready.then(({ functions }) => ({ call: (fn, ...args) => started.call(fn, ...args), has: (fn) => functions.has(fn) }));
  }
  return worker;
}

/** Every connected element, for theme changes and schema edits. */
const connected = new Set();

/** Whether the host page is dark now: an explicit theme on `<html>` wins over the system's. */
function hostIsDark() {
  const root = document.documentElement;
  const explicit = root.dataset.theme ?? (root.classList.contains('dark') ? 'dark' : root.classList.contains('light') ? 'light' : '');
  if (explicit === 'dark' || explicit === 'light') return explicit === 'dark';
  return matchMedia('(prefers-color-scheme: dark)').matches;
}

let themeWatched = false;
/** Starts following the host page's theme (once per page). */
function watchTheme() {
  if (themeWatched) return;
  themeWatched = true;
  const update = () => {
    const dark = hostIsDark();
    for (const element of connected) element.setDark(dark);
  };
  new MutationObserver(update).observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme'] });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', update);
}

let nearObserver;
/** The shared IntersectionObserver that starts an element's check when it nears the viewport. */
function observeNear(element) {
  nearObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      nearObserver.unobserve(entry.target);
      /** @type {McpJsonElement} */ (entry.target).near();
    }
  }, { rootMargin: NEAR_VIEWPORT });
  nearObserver.observe(element);
}

/** `text` as nodes with the spans of `diagnostics` wrapped in `<mark>` (underlined in place). */
function underlined(text, diagnostics) {
  const ranges = diagnostics
    .filter((d) => d.span && d.on === 'example')
    .map((d) => ({ from: d.span.start, to: Math.max(d.span.end, d.span.start + 1), d }))
    .sort((a, b) => a.from - b.from);
  const nodes = [];
  let at = 0;
  for (const { from, to, d } of ranges) {
    if (from < at || from >= text.length) continue;
    nodes.push(text.slice(at, from), h('mark', { className: d.severity, title: d.message }, text.slice(from, Math.min(to, text.length))));
    at = Math.min(to, text.length);
  }
  nodes.push(text.slice(at));
  return nodes;
}

/** The `<mcp-json>` element. */
export class McpJsonElement extends HTMLElement {
  /** Base URL of the toolbox page for every element without a `toolbox` attribute or meta tag. */
  static toolbox = '';

  static get observedAttributes() {
    return ['mode', 'schema', 'expect'];
  }

  connectedCallback() {
    connected.add(this);
    watchTheme();
    if (!this.shadowRoot) this.upgrade();
    this.setDark(hostIsDark());
    if (!this.checked) observeNear(this);
  }

  disconnectedCallback() {
    connected.delete(this);
    nearObserver?.unobserve(this);
  }

  attributeChangedCallback() {
    if (this.checked) this.run();
  }

  /** The example's current text. */
  get text() {
    return this.editor ? this.editor.getText() : this.current ?? this.originalText();
  }

  /** The text the author wrote (the `<code>` or `<pre>` it wraps). */
  originalText() {
    const code = this.querySelector(':scope > pre > code, :scope > pre, :scope > code');
    return code?.textContent?.replace(/\n$/, '') ?? '';
  }

  /** Builds the shadow DOM: toolbar, code, verdict, warning, diagnostics. */
  upgrade() {
    this.original = this.originalText();
    this.current = this.original;
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [elementSheet()];
    const mode = this.getAttribute('mode') ?? 'auto';
    const label = this.getAttribute('label') ?? (this.id ? `${this.id} (${mode})` : `JSON example (${mode})`);
    const readonly = this.hasAttribute('readonly');
    // A button's name starts with the word it shows (WCAG 2.5.3, label in name), then says which example.
    const button = (text, action, rest = '') => {
      const node = h('button', { type: 'button', textContent: text, 'aria-label': `${text} ${label}${rest}`, part: 'button' });
      node.addEventListener('click', action);
      return node;
    };
    this.parts = {
      edit: readonly ? null : button('Edit', () => this.edit()),
      format: readonly ? null : button('Format', () => this.format(), ' (exact pretty-print)'),
      reset: button('Reset', () => this.reset(), ' to the original'),
      copy: button('Copy', () => this.copy()),
      open: h('a', { className: 'open', textContent: 'Open in toolbox', part: 'button', target: '_blank', rel: 'noopener', hidden: true }),
      // A tab stop: a long example scrolls, and the keyboard must reach it to scroll it.
      code: h('pre', { className: 'code', part: 'code', 'aria-label': label, tabIndex: 0 }, this.original),
      editor: h('div', { className: 'editor', hidden: true }),
      badges: h('span', { className: 'badges' }, h('span', { className: 'badge muted', part: 'badge', textContent: 'not checked yet' })),
      summary: h('span', { className: 'summary', part: 'summary' }),
      warning: h('p', { className: 'warning', part: 'warning', role: 'alert', hidden: true }),
      diagnostics: h('ol', { className: 'diagnostics', part: 'diagnostics', 'aria-label': 'Diagnostics' }),
    };
    this.parts.reset.disabled = true;
    if (this.parts.format) this.parts.format.hidden = true;
    if (!readonly) this.parts.code.addEventListener('dblclick', () => this.edit());
    this.frame = h('div', { className: 'frame', part: 'frame', role: 'group', 'aria-label': label },
      h('div', { className: 'bar', part: 'toolbar' },
        h('span', { className: 'label', textContent: label }),
        this.parts.edit, this.parts.format, this.parts.reset, this.parts.copy, this.parts.open),
      this.parts.code, this.parts.editor,
      h('div', { className: 'verdict', part: 'verdict', role: 'status', 'aria-live': 'polite', 'aria-label': `Verdict on ${label}` },
        this.parts.badges, this.parts.summary),
      this.parts.warning, this.parts.diagnostics);
    root.append(this.frame);
  }

  /** Follows the host page's theme. */
  setDark(dark) {
    this.frame?.classList.toggle('dark', dark);
  }

  /** Called once the element nears the viewport: the first check. */
  near() {
    this.checked = true;
    this.run();
  }

  /** The schema text this example refers to (inline slot, `schema="#id"`), or undefined. */
  schemaText() {
    const inline = this.querySelector(':scope > script[slot="schema"]');
    if (inline) return inline.textContent;
    const id = this.getAttribute('schema')?.replace(/^#/, '');
    if (!id) return undefined;
    const source = document.getElementById(id);
    if (!source) return undefined;
    return source instanceof McpJsonElement ? source.text : source.textContent;
  }

  /** Checks the current text and shows the verdict. */
  async run() {
    const number = (this.runs = (this.runs ?? 0) + 1);
    const text = this.text;
    const schema = this.schemaText();
    const mode = this.getAttribute('mode') ?? 'auto';
    this.setAttribute('aria-busy', 'true');
    let verdict;
    try {
      verdict = await check(await sharedApi(), { mode, text, schema, expect: this.getAttribute('expect') });
    } catch (error) {
      verdict = { mode, badges: [{ text: 'check failed', tone: 'error' }], summary: error.message, diagnostics: [], errors: 1, judgement: { deliberate: false } };
    }
    if (number !== this.runs) return;
    this.show(verdict, text);
    this.removeAttribute('aria-busy');
    this.updateLink(verdict.mode, text, schema);
    this.dispatchEvent(new CustomEvent('mcp-json-verdict', { detail: verdict, bubbles: true, composed: true }));
  }

  /** Shows a verdict: badges, summary, the expectation warning, diagnostics, underlines. */
  show(verdict, text) {
    const { badges, summary, warning, diagnostics, code } = this.parts;
    // The crate's judgement of the verdict against `expect` (modes.js `check`).
    const { mismatch, deliberate } = verdict.judgement;
    // A deliberately broken example says so, so that readers do not take it for a mistake.
    const onPurpose = deliberate ? [{ text: 'broken on purpose', tone: 'muted' }] : [];
    badges.replaceChildren(...[...verdict.badges, ...onPurpose].map((b) => h('span', { className: `badge ${b.tone}`, part: 'badge', textContent: b.text })));
    summary.textContent = verdict.summary;
    warning.hidden = !mismatch;
    warning.textContent = mismatch ? mismatch.message : '';
    this.toggleAttribute('data-outdated', Boolean(mismatch));
    this.dataset.verdict = verdict.errors ? 'invalid' : 'valid';
    if (verdict.kind) this.dataset.kind = verdict.kind;
    this.output = verdict.output;
    if (this.parts.format) this.parts.format.hidden = verdict.output === undefined || verdict.output === text;
    diagnostics.replaceChildren(...verdict.diagnostics.map((d) => h('li', { className: `sev-${d.severity}` }, this.diagnosticLine(d))));
    if (this.editor) this.editor.setDiagnostics(verdict.diagnostics.filter((d) => d.on === 'example'));
    else code.replaceChildren(...underlined(text, verdict.diagnostics));
  }

  /** One diagnostic: its line:column (a button that selects it in the editor, unless readonly), message, instancePath. */
  diagnosticLine(d) {
    let where = null;
    if (d.span && d.on === 'example') {
      const text = position(d.span);
      // Named by the line:column it shows; what it does is its description (the title).
      where = this.parts.edit
        ? h('button', { type: 'button', className: 'pos', textContent: text, title: `Show line ${d.span.line}, column ${d.span.column} in the editor` })
        : h('span', { className: 'pos', textContent: text });
      if (this.parts.edit) where.addEventListener('click', async () => (await this.edit(), this.editor.select(d.span)));
    }
    return [where, d.on === 'schema' ? 'schema: ' : '', d.message, d.instancePath ? h('code', { className: 'path', textContent: d.instancePath }) : null];
  }

  /** Points "Open in toolbox" at the toolbox with this example in the URL fragment. */
  async updateLink(mode, text, schema) {
    const base = this.getAttribute('toolbox') ?? /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="mcp-json-toolbox"]'))?.content ?? McpJsonElement.toolbox;
    if (!base) return;
    const tab = TABS[mode] ?? 'home';
    const docs = tab === 'validate' ? { a: schema ?? '{}', b: text } : { a: text };
    const fragment = await encodeFragment({ tab, docs: { [tab]: docs }, output: { indent: '2', minify: false, sortKeys: false } });
    this.parts.open.href = new URL(fragment, new URL(base, document.baseURI)).href;
    this.parts.open.hidden = false;
  }

  /** Loads the editor (first time) and moves focus into it. */
  async edit() {
    if (!this.editor) {
      const { JsonEditor, loadEditing } = await import('./json-editor.js');
      // With its editing aids from the first keystroke (inlined in the package's json-editor.js).
      await loadEditing().catch(() => {});
      if (!this.editor) {
        this.parts.editor.hidden = false;
        this.editor = new JsonEditor(this.parts.editor, { label: this.frame.getAttribute('aria-label'), onChange: () => this.edited() });
        this.editor.setText(this.current);
        this.parts.code.hidden = true;
        if (this.parts.edit) this.parts.edit.hidden = true;
        if (this.checked) this.run();
      }
    }
    this.editor.view.focus();
  }

  /** After an edit: enable Reset, check again soon, tell examples that use this one as schema. */
  edited() {
    this.parts.reset.disabled = this.text === this.original;
    clearTimeout(this.editTimer);
    this.editTimer = setTimeout(() => {
      this.current = this.text;
      this.run();
      this.rerunDependents();
    }, EDIT_DELAY);
  }

  /** Replaces the example's text (Reset, Format) and checks it. */
  replaceText(text) {
    clearTimeout(this.editTimer);
    this.current = text;
    if (this.editor) this.editor.setText(text);
    this.parts.reset.disabled = text === this.original;
    this.run();
    this.rerunDependents();
  }

  /** Restores the author's original text. */
  reset() {
    this.replaceText(this.original);
  }

  /** Pretty-prints the example exactly (numbers, escapes and key order as written). */
  format() {
    if (this.output !== undefined) this.replaceText(this.output);
  }

  /** Checks again the examples that use this one as their schema. */
  rerunDependents() {
    if (!this.id) return;
    for (const element of connected) if (element.getAttribute('schema') === `#${this.id}` && element.checked) element.run();
  }

  /** Copies the current text to the clipboard. */
  async copy() {
    const { copy } = this.parts;
    const say = (text) => {
      copy.textContent = text;
      copy.setAttribute('aria-label', `${text} ${this.frame.getAttribute('aria-label')}`);
    };
    try {
      await navigator.clipboard.writeText(this.text);
      say('Copied');
    } catch {
      say('Copy failed');
    }
    setTimeout(() => say('Copy'), 1500);
  }
}

if (!customElements.get('mcp-json')) customElements.define('mcp-json', McpJsonElement);
