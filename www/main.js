// The toolbox page: tabs, editors, the wasm worker, results, sharing, offline.
// First: starts the worker before the modules below are evaluated.
import { wasm } from './worker-start.js';
import { JsonEditor, LARGE_TEXT, loadEditing } from '../runtime/json-editor.js';
import { Cancelled } from '../runtime/load/worker-client.js';
import { countText, h, renderBadges, renderDiagnostics, renderSummary, renderTimeline } from './render.js';
import { clearStored, decodeFragment, encodeFragment, loadStored, store } from './share.js';
import { TABS, toolError } from './tabs.js';

const $ = (id) => document.getElementById(id);
/** Longest URL fragment "Copy link" produces; larger states stay in localStorage only. */
const MAX_FRAGMENT = 200_000;
/** The example shown on a first visit. */
const FIRST_EXAMPLE = 'create-task-result-2025-11-25';
const THEME_KEY = 'mcp-json-toolbox:theme';

wasm.onBusy = showBusy;
wasm.onProgress = showWorking;
wasm.onFull = fullChanged;

/** What the page holds: the tab, each tab's input texts, and the output options. */
let state = defaultState();
/** The diagnostics on screen (for "copy as MCP tool error"), the full output text, and whether
 * the view is a preview to run again once the full build has loaded (`pending`). */
let shown = { diagnostics: [], output: '', pending: false };
let runNumber = 0;
/** The "open in another tab" offer of the result on screen. */
let nextView;
let examples = [];

function defaultState() {
  return { tab: 'home', docs: {}, output: { indent: '2', minify: false, sortKeys: false } };
}

// The editing aids (undo, keymaps, search) are imported once the first result's bytes are all here (`start`).
const editors = {
  a: new JsonEditor($('editor-a'), { label: 'Input', onChange: edited, onRun: run, onLarge: (n) => showLarge('a', n), deferEditing: true }),
  b: new JsonEditor($('editor-b'), { label: 'Second input', onChange: edited, onRun: run, onLarge: (n) => showLarge('b', n), deferEditing: true }),
  out: new JsonEditor($('editor-out'), { label: 'Output', readOnly: true, onRun: run, deferEditing: true }),
};

/** What a view may have that the first result never has (view-parts.js draws them). */
const LATER_PARTS = ['compat', 'sequence', 'form'];
/** view-parts.js, once imported: it draws (or clears) those parts of every view from then on. */
let parts;
/** The elicitation form preview (once view-parts.js is there): its answer goes to the second editor and is checked there. */
let elicitForm;

/** Imports view-parts.js (once). */
async function importParts() {
  parts ??= await import('./view-parts.js');
  elicitForm ??= new parts.ElicitationForm($('elicit-form'), (text) => {
    if (editors.b.getText() === text) return;
    editors.b.setText(text);
    edited();
  });
}

// ---- running ---------------------------------------------------------------------------------

/** Runs the current tab's job in the worker and shows its result. */
async function run() {
  const number = ++runNumber;
  const tab = TABS[state.tab];
  saveDocs();
  const docs = state.docs[state.tab] ?? {};
  let api;
  try {
    api = await wasm.ready;
  } catch (error) {
    return showMessage(`The wasm module failed to load: ${error.message}`, 'error');
  }
  const missing = tab.needs.filter((fn) => !api.functions.has(fn));
  if (missing.length) {
    return showResult({
      badges: [{ text: 'not available in this build', tone: 'muted' }],
      message: `${missing.join(', ')} is not available in this build of the wasm module yet.`,
    });
  }
  try {
    const calls = {
      call: (fn, ...args) => wasm.call(fn, ...args),
      has: (fn) => api.functions.has(fn),
      now: (fn) => api.core.has(fn) || wasm.full.state === 'loaded',
    };
    const view = await tab.run(calls, docs.a ?? '', docs.b ?? '', outputOptions());
    if (number !== runNumber) return;
    await showResult(view);
    if (number !== runNumber) return;
    // A preview answered after the full build had loaded: run again for the full build's view.
    if (view.pending && wasm.full.state === 'loaded') run();
  } catch (error) {
    if (number !== runNumber) return;
    if (error instanceof Cancelled) showMessage('Cancelled.', 'muted');
    else if (error.name === 'InternalError') showMessage(`Internal error, please report it (the checker was restarted). ${error.cause?.name}: ${error.cause?.message}`, 'error');
    else showMessage(`${error.name ?? 'Error'}: ${error.message}`, 'error');
  }
}

function outputOptions() {
  const { indent, minify, sortKeys } = state.output;
  return { indent: indent === 'tab' ? 'tab' : Number(indent), minify, sortKeys };
}

let pendingRun = 0;
/** After an edit: save, then re-run soon (at once for a large paste). */
function edited() {
  saveDocs();
  persistSoon();
  clearTimeout(pendingRun);
  const large = editors.a.large || editors.b.large;
  pendingRun = setTimeout(run, large ? 0 : 300);
}

let busyTimer = 0;
/** Shows "working…" with Cancel when a job takes longer than a moment ("loading validator…" while it waits for a build to download). */
function showBusy(busy) {
  clearTimeout(busyTimer);
  showWorking();
  if (busy) busyTimer = setTimeout(() => ($('working').hidden = false), 120);
  else $('working').hidden = true;
  document.body.setAttribute('aria-busy', String(busy));
}

/** What a call that reports its progress is doing, in words. */
const PROGRESS_WORDS = { replayLog: 'replaying the log' };

/** The busy indicator's text: the download progress of the build a job waits for (the full
 * build, or the server build the Validate tab runs on before it), a long replay's progress (the
 * bar too: how much of the log it has read). */
function showWorking() {
  const waiting = wasm.waitingFor;
  const { loaded = 0, total } = waiting ? wasm[waiting] : {};
  const bytes = (n) => `${(n / 1e6).toFixed(1)} MB`;
  const progress = waiting ? undefined : wasm.progress;
  const bar = /** @type {HTMLProgressElement} */ ($('working-progress'));
  bar.hidden = !progress;
  if (progress) bar.value = progress.total ? progress.read / progress.total : 0;
  $('working-text').textContent = waiting
    ? `loading validator… ${bytes(loaded)}${total ? ` of ${bytes(total)}` : ''}`
    : progress
      ? `${PROGRESS_WORDS[progress.fn] ?? 'working'}… ${bytes(progress.read)} of ${bytes(progress.total)}`
      : 'working…';
}

let registered = false;
/**
 * The full build's state changed: show its progress; once it has loaded, run the tab again if
 * its result on screen was a preview (the home tab's format preview, the Validate tab's verdict
 * from the server build, without the schema lint). `body[data-full]` follows the state, `loaded`
 * only after that run.
 */
async function fullChanged(full) {
  showWorking();
  if (full.state === 'loading') {
    document.body.dataset.full = full.state;
    return;
  }
  // What the full build's results may have: imported now, not when the first one comes.
  if (full.state === 'loaded') importParts().catch(() => {});
  if (full.state === 'loaded' && shown.pending && document.body.dataset.ready) await run();
  document.body.dataset.full = full.state;
  // The service worker precaches the three builds: registered after the full build arrived, its
  // requests revalidate what the HTTP cache holds instead of competing with the page's downloads.
  if (!registered && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
    registered = true;
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

/** Runs `job` when the page is idle (at the latest after 0.5 s; after a second where `requestIdleCallback` is missing). */
function whenIdle(job) {
  if ('requestIdleCallback' in window) requestIdleCallback(job, { timeout: 500 });
  else setTimeout(job, 1000);
}

// ---- results ---------------------------------------------------------------------------------

let resultNumber = 0;
/**
 * Shows a tab's view (its shape is described at the top of tabs.js), once the parts it has are
 * imported, unless another view came meanwhile; counts the diagnostics as a badge.
 */
async function showResult(view) {
  const number = ++resultNumber;
  if (!parts && LATER_PARTS.some((key) => view[key])) {
    await importParts();
    if (number !== resultNumber) return;
  }
  const diagnostics = view.diagnostics ?? [];
  const badges = [...(view.badges ?? [])];
  const counted = countText(diagnostics);
  if (view.diagnostics) badges.push({ text: counted || 'no problems', tone: counted ? worstTone(diagnostics) : 'ok' });
  renderBadges($('badges'), badges);
  $('status-text').textContent = view.message ?? '';
  $('banner').textContent = view.banner ?? '';
  $('banner').hidden = !view.banner;
  $('next').hidden = !view.next;
  $('next').textContent = view.next?.label ?? '';
  nextView = view.next;
  renderSummary($('summary'), view.summary);
  renderTimeline($('timeline'), view.timeline ?? [], pick);
  parts?.renderSequence($('sequence'), view.sequence, pick, (id, indexes) => wasm.call('sequenceRows', id, indexes));
  renderDiagnostics($('diagnostics'), diagnostics, pick);
  elicitForm?.render(view.form);
  if (view.form) elicitForm.showErrors(diagnostics.filter((d) => d.editor === 'b'));
  const schemaMarks = diagnostics.filter((d) => d.editor === 'b' && d.schemaSpan).map((d) => ({ ...d, span: d.schemaSpan }));
  editors.a.setDiagnostics([...diagnostics.filter((d) => d.editor === 'a'), ...schemaMarks]);
  editors.b.setDiagnostics(diagnostics.filter((d) => d.editor === 'b'));
  shown = { diagnostics, output: view.output ?? '', pending: Boolean(view.pending) };
  editors.out.setText(shown.output);
  const large = shown.output.length > LARGE_TEXT;
  $('output-note').textContent = large
    ? `Output is ${megabytes(shown.output.length)}: the editor shows its start; Copy and Download give all of it.`
    : '';
  /** @type {HTMLButtonElement} */ ($('copy-output')).disabled = /** @type {HTMLButtonElement} */ ($('download-output')).disabled = !shown.output;
  /** @type {HTMLButtonElement} */ ($('copy-tool-error')).disabled = !diagnostics.some((d) => d.severity !== 'info');
  parts?.renderCompat($('compat'), view.compat, compatHooks);
  document.body.dataset.runs = String(Number(document.body.dataset.runs ?? 0) + 1);
}

/** What the Compatibility view asks of the page: an open cell's findings are marked in the first editor. */
const compatHooks = {
  pick: (diagnostic) => pick(diagnostic),
  mark: (found) => editors.a.setDiagnostics([...shown.diagnostics.filter((d) => d.editor === 'a'), ...found]),
  copy: (text, done) => copyText(text, done),
  output: (text) => {
    shown.output = text;
    editors.out.setText(text);
    /** @type {HTMLButtonElement} */ ($('copy-output')).disabled = /** @type {HTMLButtonElement} */ ($('download-output')).disabled = false;
  },
  rerun: () => run(),
};

function worstTone(diagnostics) {
  if (diagnostics.some((d) => d.severity === 'error')) return 'error';
  return diagnostics.some((d) => d.severity === 'warning') ? 'warning' : 'info';
}

function showMessage(message, tone) {
  showResult({ badges: [{ text: tone === 'error' ? 'error' : 'note', tone }], message });
}

/** Selects a diagnostic's span in the editor it belongs to. */
function pick(diagnostic) {
  if (diagnostic.span && editors[diagnostic.editor]) editors[diagnostic.editor].select(diagnostic.span);
  else if (diagnostic.schemaSpan) editors.a.select(diagnostic.schemaSpan);
}

function megabytes(chars) {
  return `${(chars / 1e6).toFixed(1)} M characters`;
}

function showLarge(key, chars) {
  $(`large-${key}`).hidden = chars === null;
  $(`large-${key}-text`).textContent = chars === null
    ? ''
    : `Large document (${megabytes(chars)}): a read-only preview of its start; all of it is analysed. Paste to replace it.`;
}

// ---- tabs and state ----------------------------------------------------------------------------

/** Copies the editors' texts into the state. */
function saveDocs() {
  const tab = TABS[state.tab];
  state.docs[state.tab] = { a: editors.a.getText(), ...(tab.b ? { b: editors.b.getText() } : {}) };
}

/** Puts the state on screen: tab, labels, texts, options. */
function applyState() {
  const tab = TABS[state.tab] ?? TABS.home;
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('[role=tab]'))) {
    const selected = button.dataset.tab === state.tab;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
  }
  $('workspace').setAttribute('aria-labelledby', `tab-${state.tab}`);
  $('label-a').textContent = tab.a;
  $('label-b').textContent = tab.b ?? '';
  editors.a.setLabel(tab.a);
  editors.b.setLabel(tab.b ?? 'Second input');
  $('pane-b').hidden = !tab.b;
  const docs = state.docs[state.tab] ?? {};
  editors.a.setText(docs.a ?? '');
  editors.b.setText(docs.b ?? '');
  /** @type {HTMLSelectElement} */ ($('indent')).value = state.output.indent;
  /** @type {HTMLInputElement} */ ($('minify')).checked = state.output.minify;
  /** @type {HTMLInputElement} */ ($('sort-keys')).checked = state.output.sortKeys;
}

function selectTab(name) {
  saveDocs();
  state.tab = name;
  applyState();
  persistSoon();
  run();
}

/** The state without texts too large for a link or localStorage. */
function shareableState() {
  const docs = {};
  for (const [tab, texts] of Object.entries(state.docs)) {
    docs[tab] = Object.fromEntries(Object.entries(texts).filter(([, text]) => text.length <= LARGE_TEXT));
  }
  return { ...state, docs };
}

let persistTimer = 0;
function persistSoon() {
  clearTimeout(persistTimer);
  persistTimer = setTimeout(persist, 400);
}

/** Saves the state to localStorage and to the URL fragment (when it is small enough). */
async function persist() {
  clearTimeout(persistTimer);
  const shareable = shareableState();
  store(shareable);
  const fragment = await encodeFragment(shareable);
  history.replaceState(null, '', fragment.length <= MAX_FRAGMENT ? fragment : location.pathname + location.search);
  return fragment.length <= MAX_FRAGMENT;
}

async function copyLink() {
  saveDocs();
  const fits = await persist();
  if (!fits) return toast('This state is too large for a link; it is kept in this browser only.');
  const shareable = shareableState();
  const places = Object.entries(shareable.docs).flatMap(([tab, texts]) => Object.keys(texts).map((key) => [tab, key]));
  const texts = places.map(([tab, key]) => shareable.docs[tab][key]);
  const chosen = await offerRedaction(texts);
  if (!chosen) return;
  const sent = 'the data is in the part after #, which browsers never send to a server.';
  if (chosen === texts) return copyText(location.href, `Link copied — ${sent}`);
  const docs = structuredClone(shareable.docs);
  places.forEach(([tab, key], i) => { docs[tab][key] = chosen[i]; });
  const fragment = await encodeFragment({ ...shareable, docs });
  await copyText(location.origin + location.pathname + location.search + fragment, `Link copied without the secrets — ${sent}`);
}

/**
 * Offers to strip the secrets (`redactLog`: Authorization headers, tokens, cookies) of `texts`
 * before they are copied: resolves to the texts to copy (`texts` itself when there is none or the
 * user keeps them), or undefined when the user cancels. Nothing leaves the page either way.
 */
async function offerRedaction(texts) {
  const api = await wasm.ready.catch(() => undefined);
  if (!api?.functions.has('redactLog')) return texts;
  const redacted = await Promise.all(texts.map((text) => (text ? wasm.call('redactLog', text) : { text, spans: [] })));
  const count = redacted.reduce((n, r) => n + r.spans.length, 0);
  if (count === 0) return texts;
  const offer = $('redact-offer');
  $('redact-text').textContent = `This holds ${count} secret${count === 1 ? '' : 's'} (Authorization headers, tokens, cookies). Strip ${count === 1 ? 'it' : 'them'} before copying?`;
  offer.hidden = false;
  $('redact-strip').focus();
  return new Promise((resolve) => {
    const choose = (value) => () => {
      offer.hidden = true;
      for (const id of ['redact-strip', 'redact-keep', 'redact-cancel']) $(id).onclick = null;
      resolve(value);
    };
    $('redact-strip').onclick = choose(redacted.map((r) => r.text));
    $('redact-keep').onclick = choose(texts);
    $('redact-cancel').onclick = choose(undefined);
  });
}

async function copyOutput() {
  const [text] = (await offerRedaction([shown.output])) ?? [];
  if (text !== undefined) await copyText(text, 'Output copied.');
}

async function reset() {
  clearStored();
  history.replaceState(null, '', location.pathname + location.search);
  state = defaultState();
  applyState();
  run();
  toast('Reset: the saved state was cleared.');
}

// ---- output actions ------------------------------------------------------------------------------

async function copyText(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    toast(done);
  } catch (error) {
    toast(`Copy failed: ${error.message}`);
  }
}

function download() {
  const url = URL.createObjectURL(new Blob([shown.output], { type: 'application/json' }));
  const link = h('a', { href: url, download: `${state.tab}.json` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

let toastTimer = 0;
function toast(message) {
  $('toast').textContent = message;
  $('toast').hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => ($('toast').hidden = true), 4000);
}

// ---- theme ---------------------------------------------------------------------------------------

const THEMES = ['system', 'light', 'dark'];
function applyTheme(theme) {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  $('theme').textContent = `Theme: ${theme}`;
  $('theme').setAttribute('aria-label', `Colour theme: ${theme}. Activate to change.`);
}

function toggleTheme() {
  const current = localStorage.getItem(THEME_KEY) ?? 'system';
  const next = THEMES[(THEMES.indexOf(current) + 1) % THEMES.length];
  localStorage.setItem(THEME_KEY, next);
  applyTheme(next);
}

// ---- examples --------------------------------------------------------------------------------

/** Opens `docs` (`{a, b?}`) in `tab` and runs it. */
function openIn(tab, docs) {
  saveDocs();
  state.tab = tab;
  state.docs[tab] = docs;
  applyState();
  persistSoon();
  run();
}

function loadExample(example) {
  openIn(example.tab, { a: example.a, ...(example.b !== undefined ? { b: example.b } : {}) });
}

async function loadExamples() {
  try {
    examples = await (await fetch('examples.json')).json();
  } catch {
    examples = [];
  }
  $('examples').replaceChildren(...examples.map((example) => {
    const button = h('button', { type: 'button', className: `chip${example.broken ? ' chip-broken' : ''}`, textContent: example.title });
    button.dataset.example = example.id;
    button.title = example.description ?? '';
    button.addEventListener('click', () => loadExample(example));
    return button;
  }));
}

// ---- wiring --------------------------------------------------------------------------------------

function wire() {
  const tabs = [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('[role=tab]'))];
  tabs.forEach((button, i) => {
    button.addEventListener('click', () => selectTab(button.dataset.tab));
    button.addEventListener('keydown', (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = tabs[(i + step + tabs.length) % tabs.length];
      next.focus();
      selectTab(next.dataset.tab);
    });
  });
  $('run').addEventListener('click', run);
  $('next').addEventListener('click', () => nextView && openIn(nextView.tab, nextView.docs));
  for (const key of ['a', 'b']) {
    $(`clear-${key}`).addEventListener('click', () => {
      editors[key].setText('');
      edited();
    });
  }
  $('cancel').addEventListener('click', () => wasm.cancel());
  $('copy-link').addEventListener('click', copyLink);
  $('reset').addEventListener('click', reset);
  $('theme').addEventListener('click', toggleTheme);
  $('copy-output').addEventListener('click', copyOutput);
  $('download-output').addEventListener('click', download);
  $('copy-tool-error').addEventListener('click', () =>
    copyText(toolError(shown.diagnostics), 'Copied a CallToolResult with isError: true, ready to return to the model.'));
  const option = (id, key, read) => $(id).addEventListener('change', () => {
    state.output[key] = read($(id));
    persistSoon();
    run();
  });
  option('indent', 'indent', (el) => el.value);
  option('minify', 'minify', (el) => el.checked);
  option('sort-keys', 'sortKeys', (el) => el.checked);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  });
  for (const key of ['a', 'b']) {
    const pane = $(`pane-${key}`);
    pane.addEventListener('dragover', (event) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      pane.classList.add('dropping');
    });
    pane.addEventListener('dragleave', () => pane.classList.remove('dropping'));
    pane.addEventListener('drop', async (event) => {
      const file = event.dataTransfer?.files?.[0];
      pane.classList.remove('dropping');
      if (!file) return;
      event.preventDefault();
      event.stopPropagation();
      editors[key].setText(await file.text());
      edited();
    }, true);
  }
}

async function start() {
  applyTheme(localStorage.getItem(THEME_KEY) ?? 'system');
  wire();
  const [fromLink] = await Promise.all([decodeFragment(location.hash), loadExamples()]);
  const saved = fromLink ?? loadStored();
  if (saved?.tab && TABS[saved.tab]) state = { ...defaultState(), ...saved };
  else {
    const first = examples.find((example) => example.id === FIRST_EXAMPLE);
    if (first) state.docs.home = { a: first.a };
  }
  // The texts are on screen while the format core may still be on its way.
  applyState();
  const api = await wasm.ready.catch(() => null);
  // What the first result needs has arrived: now the editors' editing aids, while it runs.
  loadEditing().then(() => (document.body.dataset.editing = 'loaded'), () => {});
  if (api) {
    $('version').textContent = `v${api.version}`;
    document.body.dataset.functions = [...api.functions].sort().join(' ');
  }
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('[role=tab]'))) {
    const missing = TABS[button.dataset.tab].needs.filter((fn) => !api?.functions.has(fn));
    if (missing.length) button.title = 'Not available in this build yet';
    button.classList.toggle('unavailable', missing.length > 0);
  }
  await run();
  document.body.dataset.ready = 'true';
  // The format core answered; now the full build (validation, classification, sessions).
  whenIdle(() => wasm.loadFull());
}

start();
