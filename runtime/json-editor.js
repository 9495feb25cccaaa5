// CodeMirror 6 editors for the toolbox page and `<mcp-json>` (loaded on its first edit): JSON mode, line numbers, folding, bracket matching, in-place
// diagnostics (underline + gutter + hover), and a "large document" mode for multi-megabyte texts.
//
// CSP: the page allows no inline styles, and CodeMirror's style-mod writes a <style> element when it
// mounts in a document. Mounted in a shadow root, style-mod uses constructable stylesheets
// (`adoptedStyleSheets`) instead, which CSP does not govern — so each editor lives in its own shadow
// root and the page needs neither `unsafe-inline` nor a nonce. Colours come from CSS custom
// properties, which inherit into the shadow root, so the light/dark theme follows the page.
//
// The setup is the `codemirror` package's `basicSetup` (6.0.2), in its order, in two halves: what
// draws the text comes with the editor; the editing aids (the undo history, the default and search
// keymaps, closing brackets, completion, selection-match highlighting: json-editor-aids.js, with
// `@codemirror/commands`, `/autocomplete` and `/search`) are imported by `loadEditing()`, so that a
// page can draw its first text before they download (the toolbox page loads them once the bytes of
// its first result have arrived).
import { Compartment, EditorState, Prec } from '@codemirror/state';
import {
  EditorView, crosshairCursor, drawSelection, dropCursor, highlightActiveLine, highlightActiveLineGutter,
  highlightSpecialChars, keymap, lineNumbers, rectangularSelection,
} from '@codemirror/view';
import {
  HighlightStyle, bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting,
} from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { lintGutter, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { tags } from '@lezer/highlight';
import { fixActions } from './fixes.js';

/** Texts longer than this (UTF-16 units) are kept out of the editor, which shows a preview. */
export const LARGE_TEXT = 1_000_000;
/** How much of a large text the preview shows. */
const PREVIEW_LINES = 400;
const PREVIEW_COLUMNS = 400;

const theme = EditorView.theme({
  '&': { color: 'var(--fg)', backgroundColor: 'var(--editor-bg)', height: '100%', fontSize: '13px' },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-2px' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--fg)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection':
    { backgroundColor: 'var(--selection) !important' },
  '.cm-gutters': { backgroundColor: 'var(--gutter-bg)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'var(--active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--active-line)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--match)', outline: 'none' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--chip-bg)', border: '1px solid var(--border)', color: 'var(--muted)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel-bg)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-panels': { backgroundColor: 'var(--panel-bg)', color: 'var(--fg)' },
  '.cm-diagnostic': { fontFamily: 'var(--sans)' },
  // @codemirror/lint draws underlines and gutter markers with data: SVG images, which the CSP
  // (`default-src 'self'`) blocks; these replacements use CSS only.
  '.cm-lintRange': { backgroundImage: 'none', textDecorationLine: 'underline', textDecorationStyle: 'wavy', textDecorationSkipInk: 'none', textUnderlineOffset: '3px' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecorationColor: 'var(--error)' },
  '.cm-lintRange-warning': { backgroundImage: 'none', textDecorationColor: 'var(--warning)' },
  '.cm-lintRange-info, .cm-lintRange-hint': { backgroundImage: 'none', textDecorationColor: 'var(--info)' },
  '.cm-lintRange-active': { backgroundColor: 'var(--match)' },
  '.cm-lint-marker': { content: 'none', width: '0.7em', height: '0.7em', margin: '0.35em 0.15em', borderRadius: '50%' },
  '.cm-lint-marker-error': { content: 'none', backgroundColor: 'var(--error)' },
  '.cm-lint-marker-warning': { content: 'none', backgroundColor: 'var(--warning)', borderRadius: '2px' },
  '.cm-lint-marker-info': { content: 'none', backgroundColor: 'var(--info)', borderRadius: '2px' },
});

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--syn-key)' },
  { tag: tags.string, color: 'var(--syn-string)' },
  { tag: tags.number, color: 'var(--syn-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--syn-literal)', fontWeight: '600' },
  { tag: [tags.brace, tags.squareBracket, tags.separator, tags.punctuation], color: 'var(--muted)' },
]);

/** The extensions of `basicSetup` that draw the text, made once (every editor shares them, so adding the aids keeps them). */
const DRAWING = {
  lineNumbers: lineNumbers(),
  activeLineGutter: highlightActiveLineGutter(),
  specialChars: highlightSpecialChars(),
  foldGutter: foldGutter(),
  drawSelection: drawSelection(),
  dropCursor: dropCursor(),
  multipleSelections: EditorState.allowMultipleSelections.of(true),
  indentOnInput: indentOnInput(),
  fallbackHighlight: syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching: bracketMatching(),
  rectangularSelection: rectangularSelection(),
  crosshairCursor: crosshairCursor(),
  activeLine: highlightActiveLine(),
};

/** The editing aids, as json-editor-aids.js makes them. @typedef {typeof import('./json-editor-aids.js').aids} EditingAids */

/** No editing aids yet: empty extensions and keymaps. @type {EditingAids} */
const NO_AIDS = {
  history: [], closeBrackets: [], autocompletion: [], selectionMatches: [],
  closeBracketsKeymap: [], defaultKeymap: [], searchKeymap: [], historyKeymap: [], completionKeymap: [],
};

/** `basicSetup`, in its order, with the editing `aids` (none until `loadEditing()` has them). @param {EditingAids} [aids] */
function setup(aids = NO_AIDS) {
  const d = DRAWING;
  return [
    d.lineNumbers, d.activeLineGutter, d.specialChars, aids.history, d.foldGutter, d.drawSelection, d.dropCursor,
    d.multipleSelections, d.indentOnInput, d.fallbackHighlight, d.bracketMatching, aids.closeBrackets,
    aids.autocompletion, d.rectangularSelection, d.crosshairCursor, d.activeLine, aids.selectionMatches,
    keymap.of([
      ...aids.closeBracketsKeymap, ...aids.defaultKeymap, ...aids.searchKeymap, ...aids.historyKeymap,
      ...foldKeymap, ...aids.completionKeymap, ...lintKeymap,
    ]),
  ];
}

/** Called by `loadEditing()`: starts the import of the editing aids. */
let startEditing;
/** The editing aids (json-editor-aids.js), imported once `loadEditing()` is first called; every editor adds them then. */
const editingAids = new Promise((resolve) => (startEditing = resolve))
  .then(() => import('./json-editor-aids.js'))
  .then((module) => module.aids);
// An editor without its aids still shows, scrolls, folds, selects and takes typing and pastes.
editingAids.catch(() => {});

/**
 * Imports the editing aids (once: json-editor-aids.js) and gives them to every editor, those made
 * before and after; resolves when they have them. An editor made without `deferEditing` calls it
 * itself.
 */
export function loadEditing() {
  startEditing();
  return editingAids;
}

/**
 * The start of `text` for the preview: at most `PREVIEW_LINES` lines of at most `PREVIEW_COLUMNS`
 * characters each (a minified document is one huge line, and laying out a long line stalls the page).
 */
function preview(text) {
  const lines = [];
  let start = 0;
  while (lines.length < PREVIEW_LINES && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, Math.min(end, start + PREVIEW_COLUMNS));
    lines.push(end - start > PREVIEW_COLUMNS ? `${line} …` : line);
    start = end + 1;
  }
  return lines.join('\n');
}

/**
 * A JSON editor mounted in `host` (in a shadow root). Options: `label` (ARIA), `readOnly`,
 * `onChange()` after every edit, `onRun()` on Ctrl/Cmd+Enter, `onLarge(bytes | null)` when large mode
 * starts or ends, `deferEditing` to leave the import of the editing aids to a `loadEditing()` call
 * (by default the editor starts it).
 */
export class JsonEditor {
  /** @param {HTMLElement} host @param {{ label: string, readOnly?: boolean, onChange?: () => void, onRun?: () => void, onLarge?: (bytes: number | null) => void, deferEditing?: boolean }} options */
  constructor(host, { label, readOnly = false, onChange = () => {}, onRun = () => {}, onLarge = () => {}, deferEditing = false }) {
    this.large = null;
    this.onLarge = onLarge;
    this.readOnly = new Compartment();
    this.label = new Compartment();
    // Long lines wrap, except in a large text's preview, where laying out a wrapped 16 KB line stalls.
    this.wrapping = new Compartment();
    this.baseReadOnly = readOnly;
    this.setup = new Compartment();
    const root = host.attachShadow({ mode: 'open' });
    this.view = new EditorView({
      root,
      parent: root,
      extensions: [
        Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (onRun(), true) }])),
        this.setup.of(setup()),
        json(),
        this.wrapping.of(EditorView.lineWrapping),
        lintGutter(),
        theme,
        syntaxHighlighting(highlight),
        this.readOnly.of(EditorState.readOnly.of(readOnly)),
        this.label.of(EditorView.contentAttributes.of({ 'aria-label': label })),
        // Contenteditable is in the tab order already; said in the markup too, so that checkers that
        // look for a focusable child of the scrolling element (axe-core's scrollable-region-focusable) see it.
        EditorView.contentAttributes.of({ tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !this.settingText) onChange();
        }),
        EditorView.domEventHandlers({
          paste: (event) => {
            const text = event.clipboardData?.getData('text/plain') ?? '';
            // Large texts skip the editor; while a large text is shown, any paste replaces it.
            if ((text.length <= LARGE_TEXT && this.large === null) || this.baseReadOnly) return false;
            event.preventDefault();
            this.setText(text);
            onChange();
            return true;
          },
        }),
      ],
    });
    editingAids.then((aids) => this.view.dispatch({ effects: this.setup.reconfigure(setup(aids)) }), () => {});
    if (!deferEditing) loadEditing();
  }

  /** Changes the editor's accessible name. */
  setLabel(label) {
    this.view.dispatch({ effects: this.label.reconfigure(EditorView.contentAttributes.of({ 'aria-label': label })) });
  }

  /** The whole text (the full document in large mode, not the preview). */
  getText() {
    return this.large ?? this.view.state.doc.toString();
  }

  /** Replaces the text; a text over `LARGE_TEXT` switches to the read-only preview. */
  setText(text) {
    const large = text.length > LARGE_TEXT ? text : null;
    const shown = large ? preview(text) : text;
    this.settingText = true;
    this.view.dispatch({
      changes: { from: 0, to: this.view.state.doc.length, insert: shown },
      effects: [
        this.readOnly.reconfigure(EditorState.readOnly.of(this.baseReadOnly || large !== null)),
        this.wrapping.reconfigure(large ? [] : EditorView.lineWrapping),
      ],
    });
    this.settingText = false;
    if (large !== this.large) this.onLarge(large === null ? null : large.length);
    this.large = large;
    this.setDiagnostics([]);
  }

  /**
   * Shows diagnostics in place. Each item: `{span: {start, end}, severity, message, fix?}`; spans past
   * the shown text are left out; a `fix` becomes an "Apply fix" button in the hover tooltip.
   */
  setDiagnostics(items) {
    const length = this.view.state.doc.length;
    const marks = [];
    for (const { span, severity, message, fix } of items) {
      if (!span || span.start > length) continue;
      const from = Math.max(0, span.start);
      let to = Math.min(Math.max(span.end, from), length);
      if (to === from && to < length) to += 1;
      marks.push({ from, to, severity: severity === 'info' ? 'info' : severity, message, actions: this.large ? [] : fixActions(fix) });
    }
    this.view.dispatch(setDiagnostics(this.view.state, marks));
  }

  /** Selects `span` (UTF-16 `start`/`end`), scrolls it into view and focuses the editor. */
  select(span) {
    const length = this.view.state.doc.length;
    const anchor = Math.min(span.start, length);
    const head = Math.min(Math.max(span.end, anchor), length);
    this.view.dispatch({ selection: { anchor, head }, scrollIntoView: true });
    this.view.focus();
  }
}
