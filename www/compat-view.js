// The Compatibility view: will Claude, OpenAI, Gemini, Cursor, VS Code… take these tools? The
// matrix of `checkCompatibility` (tools × targets, a button per cell, a last row for the rules on the
// whole list), the findings of the open cell (each selects its span in the editor), and "Copy lowered
// for <target>" (`lowerTool`: the JSON copied, its changes, the constraints the server must still
// check and what lowering cannot fix). A real <table> with row and column headers; arrow keys move between cells (one Tab stop).
// Text only: DOM through h(), never HTML strings.
import { h, spaced } from '../runtime/dom.js';
import { renderDiagnostics } from './render.js';

/**
 * Each verdict's symbol and word, worst last. A cell shows both (never colour alone), except ✓,
 * which is the CLI's mark for accepted too and keeps the table narrow.
 */
const VERDICTS = {
  accepted: { symbol: '✓', word: 'accepted', symbolOnly: true },
  rewritten: { symbol: '✎', word: 'rewritten' },
  dropped: { symbol: '⊘', word: 'dropped' },
  rejected: { symbol: '✗', word: 'rejected' },
};

/** The most tool rows drawn (a list of thousands would be thousands of buttons per target). */
const MAX_ROWS = 500;

/** The panel's id, named by the open cell's `aria-controls`. */
const PANEL_ID = 'compat-findings';

/**
 * What the view asks `checkCompatibility` for besides the text: the server name typed above the
 * matrix, and extra compatibility data pasted below it (`dataText`, used only when valid;
 * `dataProblems` the positioned errors of bad data, shown under the field).
 */
const options = { serverName: '', dataText: '', dataProblems: [] };

/** The open cell, kept across runs by `{pointer, target}` (`pointer` null for the whole-list row). */
let open = null;

/**
 * The targets as `compatTargets(data)` lists them, by name (`{ name, optIn, title, label, kind }`:
 * the built-in ones and those the extra data declares): the page shows every column under its
 * label, the opt-in ones marked as such. `infosData` is the data they were listed with.
 */
let infos = new Map();
let infosData;

/** A target's name on the page: `Gemini JSON Schema` for `gemini-json-schema` (the crate's label). */
function targetLabel(target) {
  return infos.get(target)?.label ?? target;
}

/** Whether the target is opt-in (checked by the CLI only with `--target`). */
function optIn(target) {
  return infos.get(target)?.optIn === true;
}

/** A target's label with ` (opt-in)` after an opt-in one, for badges and announcements. */
function targetWords(target) {
  return optIn(target) ? `${targetLabel(target)} (opt-in)` : targetLabel(target);
}

/** `"1 finding"`, `"3 findings"`. */
function findings(n) {
  return `${n} finding${n === 1 ? '' : 's'}`;
}

/** The value at a JSON Pointer of `text` as JSON text (`text` itself for the root). */
function textAt(text, pointer) {
  if (pointer === '') return text;
  let value = JSON.parse(text);
  for (const token of pointer.split('/').slice(1)) {
    value = value?.[token.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  if (value === undefined) throw new Error(`nothing at ${pointer}`);
  return JSON.stringify(value);
}

/**
 * The `compat` part of a view: the report of `checkCompatibility` over `text`, and `lower(pointer,
 * target)`, which runs `lowerTool` on the tool at `pointer` (with the same server name and data).
 */
export async function compatOf(api, text) {
  options.dataProblems = [];
  let data;
  if (options.dataText.trim() !== '' && api.has?.('compatDataReport')) {
    const { diagnostics } = await api.call('compatDataReport', options.dataText);
    if (diagnostics.length === 0) data = options.dataText;
    else options.dataProblems = diagnostics;
  }
  if ((infos.size === 0 || infosData !== data) && api.has?.('compatTargets')) {
    infos = new Map((await api.call('compatTargets', data)).map((info) => [info.name, info]));
    infosData = data;
  }
  // The server's name and the data, for checking and lowering alike (lowering leaves the server's
  // name its part of a cap on server name + tool name).
  const given = { ...(options.serverName ? { serverName: options.serverName } : {}), ...(data ? { data } : {}) };
  const report = await api.call('checkCompatibility', text, { targets: ['all'], ...given });
  return { report, lower: (pointer, target) => api.call('lowerTool', textAt(text, pointer), target, given) };
}

/** Badges naming the targets that reject, drop or rewrite something ("all targets accept" otherwise); `report.worst` is the crate's worst verdict per target. */
function compatBadges(report) {
  const worst = report.worst ?? {};
  const tones = { rejected: 'error', dropped: 'warning', rewritten: 'info' };
  const badges = Object.entries(tones).flatMap(([verdict, tone]) => {
    const targets = Object.keys(worst).filter((target) => worst[target] === verdict);
    return targets.length ? [{ text: `${verdict} by ${targets.map(targetWords).join(', ')}`, tone }] : [];
  });
  return badges.length ? badges : [{ text: 'all targets accept', tone: 'ok' }];
}

/** The Compatibility tab's view: the matrix, badges naming who rejects, the report as the output. */
export async function compatView(api, text) {
  const compat = await compatOf(api, text);
  const { report } = compat;
  if (report.diagnostics?.length) {
    return {
      badges: [{ text: 'no tools', tone: 'error' }],
      diagnostics: report.diagnostics.map((d) => ({ ...d, editor: 'a' })),
      output: '',
    };
  }
  const count = report.tools.length;
  return {
    badges: [{ text: `${count} tool${count === 1 ? '' : 's'}`, tone: 'kind' }, ...compatBadges(report)],
    compat,
    output: JSON.stringify(report, null, 2),
  };
}

/**
 * Renders the view into `container` (hidden without `compat`). `hooks`: `pick(diagnostic)` selects a
 * finding's span, `mark(diagnostics)` shows the open cell's findings in the editor, `copy(text,
 * message)`, `output(text)` puts a text in the output pane, `rerun()` checks again (server name changed).
 */
export function renderCompat(container, compat, hooks) {
  container.hidden = !compat?.report.tools.length;
  if (container.hidden) return;
  // The server name field stays (and keeps the focus while its edits re-run the check); the rest is redrawn.
  // The extra data's field comes after the matrix, so that Tab goes from the server name to the cells.
  if (!container.firstChild) container.append(serverNameField(hooks), h('div', { className: 'compat-main' }), dataField(hooks));
  showDataProblems(container);
  // The heading is a live region made once per render, so that selecting a cell is announced.
  const panel = h('section', { id: PANEL_ID, className: 'compat-findings', 'aria-label': 'Findings of the selected cell' },
    h('h2', { 'aria-live': 'polite' }), h('div', { className: 'compat-body' }));
  const cells = [];
  const select = (cell) => {
    open = { pointer: cell.pointer, target: cell.target };
    for (const other of cells) {
      other.button.setAttribute('aria-expanded', String(other === cell));
      other.button.tabIndex = other === cell ? 0 : -1;
    }
    showCell(panel, cell, compat, hooks);
  };
  const table = matrix(compat.report, cells, select);
  const more = compat.report.tools.length - MAX_ROWS;
  const optInLabels = [...infos.values()].filter((info) => info.optIn).map((info) => info.label);
  const hint = h('p', { className: 'compat-hint', id: 'compat-hint', textContent: `Select a cell to see its findings. Arrow keys move between cells; the table scrolls sideways. Columns marked opt-in (${optInLabels.join(', ')}) are checked by the command line only with --target.` },
    more > 0 && ` The first ${MAX_ROWS} tools are shown; the ${more} others count in the badges and the whole-list row.`);
  table.setAttribute('aria-describedby', 'compat-hint');
  container.querySelector('.compat-main').replaceChildren(h('div', { className: 'compat-scroll' }, table), hint, panel);
  const reopened = open && cells.find((cell) => cell.pointer === open.pointer && cell.target === open.target);
  if (reopened) select(reopened);
  else {
    open = null;
    hooks.mark([]);
    panel.hidden = true;
  }
}

/** The server name field above the matrix: Cursor counts it in its tool name length. */
function serverNameField(hooks) {
  const input = h('input', { type: 'text', id: 'compat-server', value: options.serverName, spellcheck: false, autocomplete: 'off' });
  let timer = 0;
  input.addEventListener('input', () => {
    options.serverName = input.value.trim();
    clearTimeout(timer);
    timer = setTimeout(hooks.rerun, 300);
  });
  return h('div', { className: 'compat-toolbar' },
    h('label', { htmlFor: 'compat-server' }, 'Server name ', h('span', { className: 'compat-help', textContent: '(optional: Cursor counts it in its 60-character limit)' })),
    input);
}

/** Extra compatibility data (the compat-data/schema.json format: a gateway's own limits…), below the matrix. */
function dataField(hooks) {
  const area = h('textarea', { id: 'compat-data', rows: 4, spellcheck: false, value: options.dataText, placeholder: '{"entries": [...]}' });
  let timer = 0;
  area.addEventListener('input', () => {
    options.dataText = area.value;
    clearTimeout(timer);
    timer = setTimeout(hooks.rerun, 300);
  });
  return h('details', { className: 'compat-data' },
    h('summary', { textContent: 'Extra compatibility data' }),
    h('label', { htmlFor: 'compat-data', className: 'compat-help', textContent: 'Entries in the format of compat-data/schema.json (a gateway\'s own limits), and targets it declares (a consumer of its own, a column of its own); used when valid.' }),
    area,
    h('ul', { className: 'compat-data-problems', 'aria-live': 'polite' }));
}

/** The positioned errors of the extra data, under its field (none when it is valid or empty). */
function showDataProblems(container) {
  const list = container.querySelector('.compat-data-problems');
  if (!list) return;
  list.replaceChildren(...options.dataProblems.map((d) =>
    h('li', { textContent: `${d.span ? `${d.span.line}:${d.span.column}: ` : ''}${d.message}` })));
}

/**
 * The matrix: a row per tool, a column per target, the whole-list row in the footer. Each cell's
 * button is pushed onto `cells` as `{button, row, column, pointer, target, name, result}`.
 */
function matrix(report, cells, select) {
  const targets = Object.keys(report.list ?? report.tools[0]?.targets ?? {});
  const rows = [
    ...report.tools.slice(0, MAX_ROWS).map((tool) => ({ name: tool.name ?? tool.pointer, pointer: tool.pointer, results: tool.targets })),
    { name: 'Whole list', pointer: null, results: report.list ?? {} },
  ];
  const cell = (row, r, target, c) => {
    const result = row.results[target];
    if (!result) return h('td', { className: 'compat-none', textContent: '—' });
    const { symbol, word, symbolOnly } = VERDICTS[result.verdict] ?? { symbol: '?', word: result.verdict };
    const n = result.diagnostics.length;
    const button = h('button', {
      type: 'button', className: `verdict verdict-${result.verdict}`, tabIndex: r === 0 && c === 0 ? 0 : -1,
      'aria-label': `${row.name}, ${targetWords(target)}: ${word}, ${findings(n)}`, 'aria-expanded': 'false', 'aria-controls': PANEL_ID,
    },
    // Spaced: the cell's text reads "✗ rejected 3", words its name holds.
    spaced(
      h('span', { className: 'verdict-symbol', 'aria-hidden': 'true', textContent: symbol }),
      !symbolOnly && h('span', { textContent: word }),
      n > 0 && h('span', { className: 'verdict-count', textContent: String(n), title: findings(n) })));
    button.dataset.row = String(r);
    button.dataset.column = String(c);
    const entry = { button, row: r, column: c, pointer: row.pointer, target, name: row.name, result };
    cells.push(entry);
    button.addEventListener('click', () => select(entry));
    return h('td', {}, button);
  };
  const line = (row, r) => h('tr', { className: row.pointer === null ? 'compat-list' : '' },
    h('th', { scope: 'row', title: row.name }, row.pointer === null ? row.name : h('code', { textContent: row.name })),
    targets.map((target, c) => cell(row, r, target, c)));
  const table = h('table', { className: 'compat-matrix' },
    h('caption', { textContent: `Compatibility: ${report.tools.length} tool${report.tools.length === 1 ? '' : 's'} × ${targets.length} targets` }),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', textContent: 'Tool' }),
      targets.map((target) => h('th', { scope: 'col', title: infos.get(target)?.title ?? target, 'data-target': target, className: optIn(target) ? 'compat-opt-in' : '' },
        targetLabel(target), optIn(target) && h('span', { className: 'compat-opt-in-mark', textContent: 'opt-in' }))))),
    h('tbody', {}, rows.slice(0, -1).map(line)),
    h('tfoot', {}, line(rows.at(-1), rows.length - 1)));
  table.addEventListener('keydown', (event) => move(event, cells, rows.length, targets.length));
  return table;
}

/** Arrow keys, Home/End (Ctrl: first/last row) move focus between cells; the focused cell is the one Tab stop. */
function move(event, cells, rowCount, columnCount) {
  const from = cells.find((cell) => cell.button === event.target);
  if (!from) return;
  let { row, column } = from;
  switch (event.key) {
    case 'ArrowRight': column = Math.min(column + 1, columnCount - 1); break;
    case 'ArrowLeft': column = Math.max(column - 1, 0); break;
    case 'ArrowDown': row = Math.min(row + 1, rowCount - 1); break;
    case 'ArrowUp': row = Math.max(row - 1, 0); break;
    case 'Home': column = 0; if (event.ctrlKey) row = 0; break;
    case 'End': column = columnCount - 1; if (event.ctrlKey) row = rowCount - 1; break;
    default: return;
  }
  event.preventDefault();
  const to = cells.find((cell) => cell.row === row && cell.column === column);
  if (!to) return;
  from.button.tabIndex = -1;
  to.button.tabIndex = 0;
  to.button.focus();
}

/** Fills the panel with a cell's findings and, for a tool, its "Copy lowered" action. */
function showCell(panel, cell, compat, hooks) {
  const { symbol, word } = VERDICTS[cell.result.verdict] ?? { symbol: '?', word: cell.result.verdict };
  const diagnostics = cell.result.diagnostics.map((d) => ({ ...d, editor: 'a' }));
  const list = h('ol', { className: 'diagnostics', 'aria-label': `Findings: ${cell.name}, ${targetLabel(cell.target)}` });
  renderDiagnostics(list, diagnostics, hooks.pick);
  const what = cell.pointer === null ? `the whole list on ${targetLabel(cell.target)}` : `${cell.name} on ${targetLabel(cell.target)}`;
  panel.querySelector('h2').replaceChildren(
    h('span', { className: `verdict verdict-${cell.result.verdict}` }, h('span', { 'aria-hidden': 'true', textContent: `${symbol} ` }), word),
    ` ${what} · ${findings(diagnostics.length)}`);
  panel.querySelector('.compat-body').replaceChildren(
    diagnostics.length ? list : h('p', { className: 'compat-help', textContent: noFindings(cell, compat.report) }),
    ...(cell.pointer === null ? [] : [lowerAction(cell, compat, hooks)]));
  panel.hidden = false;
  hooks.mark(diagnostics);
}

/** What a cell without findings means: taken as it is, or a list that fails because of its tools. */
function noFindings(cell, report) {
  if (cell.pointer !== null || cell.result.verdict === 'accepted') return 'No findings: taken as it is.';
  const worse = report.tools.filter((tool) => tool.targets[cell.target]?.verdict === cell.result.verdict);
  const names = worse.map((tool) => tool.name ?? tool.pointer);
  return `No rule on the list itself: it is ${cell.result.verdict} because ${names.length} of its tools ${names.length === 1 ? 'is' : 'are'} (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}).`;
}

/** "Copy lowered for <target>": runs `lowerTool`, copies the JSON, lists its changes, lost constraints and what lowering cannot fix (each saying why). */
function lowerAction(cell, compat, hooks) {
  const label = targetLabel(cell.target);
  const result = h('div', { className: 'compat-lowered', 'aria-live': 'polite' });
  const button = h('button', { type: 'button', className: 'lower', textContent: `Copy lowered for ${label}` });
  button.addEventListener('click', async () => {
    let lowered;
    try {
      lowered = await compat.lower(cell.pointer, cell.target);
    } catch (error) {
      result.replaceChildren(h('p', { className: 'field-error', textContent: `Lowering failed: ${error.message}` }));
      return;
    }
    if (!lowered.tool) {
      result.replaceChildren(h('p', { className: 'field-error', textContent: lowered.diagnostics.map((d) => d.message).join('; ') || 'No tool to lower.' }));
      return;
    }
    const json = JSON.stringify(lowered.tool, null, 2);
    hooks.output(json);
    await hooks.copy(json, `Copied ${cell.name} lowered for ${label}: ${lowered.changes.length} change(s), ${lowered.lost.length} constraint(s) to check on the server.`);
    result.replaceChildren(
      changeList(`Changes (${lowered.changes.length})`, lowered.changes.map((c) => [c.pointer, c.message]), 'No change needed.'),
      changeList(`Constraints ${label} will not enforce — check them on the server (${lowered.lost.length})`,
        lowered.lost.map((l) => [l.pointer, `${l.keyword}: ${l.message}`]), 'None lost.'),
      changeList(`What lowering cannot fix (${lowered.unresolved.length})`,
        lowered.unresolved.map((d) => [d.instancePath, d.message]), `Nothing: ${label} accepts the lowered tool.`));
  });
  return h('div', { className: 'compat-lower' }, button, h('span', { className: 'compat-help', textContent: ' also shown in the output' }), result);
}

/** A titled list of `[pointer, message]` lines (`empty` when there are none). */
function changeList(title, items, empty) {
  return h('section', {},
    h('h4', { textContent: title }),
    items.length
      ? h('ul', {}, items.map(([pointer, message]) => h('li', {}, h('code', { textContent: pointer || '(root)' }), ` ${message}`)))
      : h('p', { className: 'compat-help', textContent: empty }));
}
