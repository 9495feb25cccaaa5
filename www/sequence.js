// The Session tab's sequence view: the transcript drawn as a sequence diagram — host and server
// lifelines, one arrow per message labelled with its method or result kind, time offsets, task
// lanes coloured by status, each finding pinned under its message (activating one selects its span
// in the transcript, as the diagnostics list does). Filter by task. Virtualised: only the rows in
// view (and a few either side) are in the DOM, so a 10,000-message recording scrolls freely; and
// only the rows drawn reach the page: the worker keeps the sequence laid out (sequence-store.js)
// and sends its first rows with the report, the view asks for others as it scrolls to them.
// Built with `h()` (text only, never HTML); positions and sizes go through the CSSOM, which the
// page's CSP allows (it forbids `style` attributes in markup, not `element.style`).
import { h, spaced } from '../runtime/dom.js';
import { lastAtOrBefore, offsetText, statusAt } from './sequence-model.js';

/** Height of a message line, and of each finding line under it, in CSS pixels (style.css matches). */
const MESSAGE_HEIGHT = 34;
const FINDING_HEIGHT = 24;
/** Rows rendered beyond each edge of the viewport. */
const OVERSCAN = 6;
/** Lanes drawn at most; filtering by task shows any one. */
const MAX_LANES = 8;
/** Rows asked for beyond each edge of the rows in view, when some are missing. */
const PREFETCH = 500;
/** Used before the viewport has a size (the section was hidden). */
const FALLBACK_HEIGHT = 600;
const SIDES = { client: 'host', server: 'server', host: 'host' };
const STATUSES = ['pending', 'working', 'input_required', 'completed', 'failed', 'cancelled'];

const views = new WeakMap();

/**
 * Shows the sequence of `sequence = {transcript, report}` (the transcript text and its
 * `replaySession` or `replayLog` report as the page's worker sends it: its `layout`, see
 * sequence-store.js) in `container`, hidden when there is none. `pick({span, editor})` selects a
 * span in the page's editors; `fetchRows(id, indexes)` asks the worker for rows of layout `id`.
 */
export function renderSequence(container, sequence, pick, fetchRows) {
  if (!sequence) {
    views.get(container)?.clear();
    container.hidden = true;
    return;
  }
  if (!views.has(container)) views.set(container, new SequenceView(container));
  container.hidden = false;
  views.get(container).show(sequence.report.layout, pick, fetchRows);
}

/**
 * One sequence on screen: the toolbar (task filter, counts), the legend, the column heads and the
 * scrolling list whose rows `render()` keeps to those in view. `show(layout, pick, fetchRows)`
 * replaces the layout; `rows` holds the rows received so far, by index.
 */
class SequenceView {
  constructor(container) {
    this.filter = h('select', { className: 'seq-filter' });
    this.count = h('span', { className: 'seq-count', 'aria-live': 'polite' });
    this.note = h('p', { className: 'seq-note' });
    // Said beside the list, not in it: a list holds list items only.
    this.empty = h('p', { className: 'seq-empty', textContent: 'No messages.', hidden: true });
    this.canvas = h('div', { className: 'seq-canvas', role: 'none' });
    this.viewport = h('div', {
      className: 'seq-viewport', role: 'list', 'aria-label': 'Messages between host and server, in order', 'aria-describedby': 'seq-keys',
    }, this.canvas);
    const filterId = 'seq-filter';
    this.filter.id = filterId;
    container.replaceChildren(
      h('div', { className: 'seq-bar' },
        h('h2', { className: 'seq-title', textContent: 'Sequence' }),
        h('label', { htmlFor: filterId, textContent: 'Task' }), this.filter, this.count),
      h('ul', { className: 'seq-legend', 'aria-label': 'Task lane colours' },
        STATUSES.map((status) => h('li', {}, h('span', { className: `seq-swatch lane-${status}` }), status.replace('_', ' ')))),
      this.note,
      h('p', {
        id: 'seq-keys', className: 'visually-hidden',
        textContent: 'Up and down arrows, Page Up, Page Down, Home and End move between messages; Enter selects a message in the transcript; the right arrow enters its findings, the left arrow leaves them.',
      }),
      h('div', { className: 'seq-head', 'aria-hidden': 'true' },
        h('span', { textContent: 'Time' }), h('span', { textContent: '#' }),
        h('span', { className: 'seq-head-sides' }, h('span', { textContent: 'Host' }), h('span', { textContent: 'Server' })),
        h('span', { className: 'seq-head-lanes', textContent: 'Tasks' })),
      this.empty, this.viewport);
    this.container = container;
    this.rendered = new Map();
    this.frame = 0;
    this.filter.addEventListener('change', () => this.applyFilter());
    this.viewport.addEventListener('scroll', () => {
      if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.render(); });
    }, { passive: true });
    this.viewport.addEventListener('keydown', (event) => this.key(event));
    this.viewport.addEventListener('click', (event) => this.click(event));
    this.viewport.addEventListener('focusin', (event) => {
      const row = event.target.closest?.('.seq-row');
      if (row) this.activate(Number(row.dataset.position));
    });
  }

  /** Forgets the model and its rows (the section is hidden). */
  clear() {
    this.model = undefined;
    this.rows = new Map();
    this.rendered.clear();
    this.canvas.replaceChildren();
  }

  /** Shows a new layout; keeps the task filter when that task is still there. */
  show(model, pick, fetchRows) {
    this.model = model;
    this.pick = pick;
    this.fetchRows = fetchRows;
    this.rows = new Map(model.first.map((row, index) => [index, row]));
    this.asking = undefined;
    const kept = model.tasks.some((task) => task.id === this.filter.value) ? this.filter.value : '';
    this.filter.replaceChildren(
      h('option', { value: '', textContent: `All messages (${model.length})` }),
      ...model.tasks.map((task) => h('option', {
        value: task.id,
        textContent: `${task.id}${task.toolName ? ` · ${task.toolName}` : ''} · ${task.lastStatus} (${task.count} messages)`,
      })));
    this.filter.value = kept;
    this.filter.disabled = model.tasks.length === 0;
    this.applyFilter();
  }

  /** Chooses the rows and lanes for the filter, lays them out, and renders from the top. */
  applyFilter() {
    const { length, tasks, lanes, findings } = this.model;
    const task = tasks.find((t) => t.id === this.filter.value);
    this.byId = new Map(tasks.map((t) => [t.id, t]));
    /** The index of the row at each position; all rows in order when unfiltered. */
    this.list = task ? task.rows : { length };
    this.lanes = task ? [[task]] : Array.from({ length: Math.min(lanes, MAX_LANES) }, (_, lane) =>
      tasks.filter((t) => t.lane === lane).sort((x, y) => x.first - y.first));
    const hidden = task ? 0 : tasks.filter((t) => t.lane >= MAX_LANES).length;
    this.note.textContent = hidden ? `${hidden} task(s) overlap too many others to get a lane: filter by task to see one.` : '';
    this.container.style.setProperty('--lanes', String(Math.max(this.lanes.length, 1)));
    this.origin = this.model.origin;
    this.tops = new Float64Array(this.list.length + 1);
    for (let i = 0; i < this.list.length; i++) {
      this.tops[i + 1] = this.tops[i] + MESSAGE_HEIGHT + findings[this.indexAt(i)] * FINDING_HEIGHT;
    }
    const total = this.tops[this.list.length];
    this.empty.hidden = this.list.length > 0;
    this.viewport.hidden = this.list.length === 0;
    this.canvas.style.height = `${total}px`;
    // The viewport's height is fixed by the stylesheet; a sequence shorter than that takes its own.
    this.viewport.style.height = '';
    if (total < this.viewport.clientHeight) this.viewport.style.height = `${Math.max(total, MESSAGE_HEIGHT)}px`;
    this.count.textContent = task
      ? `${this.list.length} of ${length} messages, task ${task.id}`
      : `${length} message${length === 1 ? '' : 's'}, ${tasks.length} task${tasks.length === 1 ? '' : 's'}`;
    this.active = 0;
    this.waiting = undefined;
    this.rendered.clear();
    this.canvas.replaceChildren();
    this.viewport.scrollTop = 0;
    this.render();
  }

  /** The index in the sequence of the row at `position` in `list`. */
  indexAt(position) {
    return Array.isArray(this.list) ? this.list[position] : position;
  }

  /** The row at `position` in `list`, when it has been received. */
  rowAt(position) {
    return this.rows.get(this.indexAt(position));
  }

  /**
   * Asks the worker for the rows missing around positions `first`…`last` (one request at a time);
   * renders again when they arrive, and focuses the row waited for (`focusRow`).
   */
  askFor(first, last) {
    if (this.asking || !this.fetchRows) return;
    const indexes = [];
    const from = Math.max(0, first - PREFETCH);
    const to = Math.min(this.list.length - 1, last + PREFETCH);
    for (let position = from; position <= to; position++) {
      const index = this.indexAt(position);
      if (!this.rows.has(index)) indexes.push(index);
    }
    const model = this.model;
    this.asking = this.fetchRows(model.id, indexes).then((rows) => {
      if (this.model !== model) return;
      this.asking = undefined;
      rows?.forEach((row, i) => this.rows.set(indexes[i], row));
      if (rows) this.render();
      if (this.waiting !== undefined && this.rendered.has(this.waiting)) this.focusRow(this.waiting);
    }, () => {
      if (this.model === model) this.asking = undefined;
    });
  }

  /** The position in `list` of the row at vertical offset `y`. */
  positionAt(y) {
    return Math.max(0, lastAtOrBefore(this.list.length, (i) => this.tops[i], y));
  }

  /** Puts the rows in view (plus overscan) in the DOM, removing the others. */
  render() {
    if (!this.model || this.list.length === 0) return;
    const top = this.viewport.scrollTop;
    const height = this.viewport.clientHeight || FALLBACK_HEIGHT;
    const first = Math.max(0, this.positionAt(top) - OVERSCAN);
    const last = Math.min(this.list.length - 1, this.positionAt(top + height) + OVERSCAN);
    for (const [position, element] of this.rendered) {
      if (position < first || position > last) {
        element.remove();
        this.rendered.delete(position);
      }
    }
    // From the last row up, each new row goes before the one after it: the list's DOM order stays
    // the order of the messages, which is the order assistive technology reads them in.
    let missing = false;
    let next = null;
    for (let position = last; position >= first; position--) {
      let element = this.rendered.get(position);
      if (!element) {
        if (!this.rowAt(position)) {
          missing = true;
          continue;
        }
        element = this.row(position);
        this.rendered.set(position, element);
        this.canvas.insertBefore(element, next);
      }
      next = element;
    }
    if (missing) this.askFor(first, last);
    // One row is reachable with Tab: the active one, or the first in view.
    const tabbable = this.rendered.has(this.active) ? this.active : first;
    for (const [position, element] of this.rendered) element.tabIndex = position === tabbable ? 0 : -1;
  }

  /** The element of the row at `position` in `list`. */
  row(position) {
    const row = this.rowAt(position);
    const from = SIDES[row.from];
    const to = row.from === 'client' ? 'server' : 'host';
    const offset = offsetText(row.time, this.origin);
    const laneCells = this.lanes.map((laneTasks) => this.laneCell(laneTasks, row));
    const findings = row.findings.map((finding) => h('li', {},
      h('button', {
        type: 'button', className: `seq-finding seq-finding-${finding.severity}`, tabIndex: -1,
        title: finding.message, 'aria-label': `${finding.severity}${finding.code ? ` ${finding.code}` : ''}: ${finding.message}`,
      },
      // Spaced: the words shown are those the button's name starts with.
      spaced(
        h('span', { className: `sev sev-${finding.severity}`, textContent: finding.severity }),
        finding.code && h('code', { className: 'diag-code', textContent: finding.code }),
        h('span', { className: 'seq-finding-text', textContent: finding.message })))));
    const arrow = row.kind === 'toModel' || row.kind === 'other' || row.kind === 'context'
      ? h('span', { className: 'seq-arrow seq-arrow-note' })
      : h('span', { className: `seq-arrow seq-arrow-${row.from === 'client' ? 'right' : 'left'} seq-arrow-${row.kind}` });
    const tasksSaid = [...row.tasks].map((id) => {
      const task = this.byId.get(id);
      return task ? `task ${id} ${statusAt(task, row.index) ?? ''}`.trim() : `task ${id}`;
    });
    const label = [
      `Message ${row.index + 1}`,
      offset,
      row.kind === 'toModel' || row.kind === 'other' || row.kind === 'context' ? `host: ${row.label}` : `${from} to ${to}, ${row.kind}: ${row.label}`,
      row.detail,
      ...tasksSaid,
      row.findings.length ? `${row.findings.length} finding${row.findings.length === 1 ? '' : 's'}` : '',
    ].filter(Boolean).join(', ');
    const worst = ['error', 'warning', 'info'].find((s) => row.findings.some((f) => f.severity === s));
    const element = h('div', {
      className: `seq-row seq-from-${row.from}${worst ? ` seq-has-${worst}` : ''}`,
      role: 'listitem', tabIndex: -1, 'aria-label': label,
      'aria-posinset': String(position + 1), 'aria-setsize': String(this.list.length),
    },
    h('span', { className: 'seq-time', textContent: offset }),
    h('span', { className: 'seq-index', textContent: String(row.index + 1) }),
    h('div', { className: 'seq-lines' },
      h('div', { className: 'seq-message' },
        h('span', { className: 'seq-label' },
          h('code', { className: 'seq-method', textContent: row.label }),
          row.detail && h('span', { className: 'seq-detail', textContent: ` ${row.detail}` })),
        arrow),
      findings.length > 0 && h('ul', { className: 'seq-findings', 'aria-label': 'Findings on this message' }, findings)),
    h('span', { className: 'seq-lanes' }, laneCells));
    element.dataset.position = String(position);
    element.dataset.index = String(row.index);
    element.style.transform = `translateY(${this.tops[position]}px)`;
    element.style.height = `${this.tops[position + 1] - this.tops[position]}px`;
    return element;
  }

  /** The cell of one lane at `row`: the status of the task living there then, a dot when the row concerns it. */
  laneCell(laneTasks, row) {
    const task = taskAt(laneTasks, row.index);
    const status = task && statusAt(task, row.index);
    if (!status) return h('span', { className: 'seq-lane' });
    const edges = `${row.index === task.first ? ' lane-start' : ''}${row.index === task.last ? ' lane-end' : ''}`;
    return h('span', {
      className: `seq-lane lane-${status}${row.tasks.has(task.id) ? ' lane-hit' : ''}${edges}`,
      title: `task ${task.id}: ${status}`,
    });
  }

  /** Makes the row at `position` the one Tab reaches. */
  activate(position) {
    if (position === this.active) return;
    this.rendered.get(this.active)?.setAttribute('tabindex', '-1');
    this.active = position;
    this.rendered.get(position)?.setAttribute('tabindex', '0');
  }

  /** Scrolls the row at `position` into view, renders, and focuses it. */
  focusRow(position) {
    const p = Math.max(0, Math.min(this.list.length - 1, position));
    const top = this.tops[p];
    const bottom = this.tops[p + 1];
    const height = this.viewport.clientHeight || FALLBACK_HEIGHT;
    if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
    else if (bottom > this.viewport.scrollTop + height) this.viewport.scrollTop = bottom - height;
    this.active = p;
    this.render();
    // A row not received yet is focused when it arrives (askFor).
    this.waiting = this.rendered.has(p) ? undefined : p;
    this.rendered.get(p)?.focus({ preventScroll: true });
  }

  /** Rows: arrows, Home/End, Page Up/Down; Enter selects the message; → enters its findings, ← or Escape leaves them. */
  key(event) {
    const row = event.target.closest?.('.seq-row');
    if (!row) return;
    const position = Number(row.dataset.position);
    const finding = event.target.closest('.seq-finding');
    if (finding) {
      const buttons = [...row.querySelectorAll('.seq-finding')];
      const at = buttons.indexOf(finding);
      const go = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1 }[event.key];
      if (event.key === 'Escape' || go === -1) row.focus();
      else if (go !== undefined) buttons[Math.min(go, buttons.length - 1)].focus();
      else return;
      event.preventDefault();
      return;
    }
    const page = Math.max(1, Math.floor((this.viewport.clientHeight || FALLBACK_HEIGHT) / MESSAGE_HEIGHT) - 1);
    const moves = {
      ArrowDown: position + 1, ArrowUp: position - 1, PageDown: position + page, PageUp: position - page,
      Home: 0, End: this.list.length - 1,
    };
    if (event.key in moves) this.focusRow(moves[event.key]);
    else if (event.key === 'Enter' || event.key === ' ') this.pickRow(position);
    else if (event.key === 'ArrowRight') row.querySelector('.seq-finding')?.focus();
    else return;
    event.preventDefault();
  }

  /** A click on a finding selects its span; elsewhere on a row, the message's. */
  click(event) {
    const row = event.target.closest?.('.seq-row');
    if (!row) return;
    const position = Number(row.dataset.position);
    this.activate(position);
    const finding = event.target.closest('.seq-finding');
    if (finding) {
      const index = [...row.querySelectorAll('.seq-finding')].indexOf(finding);
      this.pick({ ...this.rowAt(position).findings[index], editor: 'a' });
    } else this.pickRow(position);
  }

  pickRow(position) {
    const { start, end } = this.rowAt(position);
    this.pick({ span: { start, end }, editor: 'a' });
  }
}

/** The task of a lane living at row `index` (lane tasks are sorted by first row and do not overlap). */
function taskAt(laneTasks, index) {
  const found = laneTasks[lastAtOrBefore(laneTasks.length, (i) => laneTasks[i].first, index)];
  return found && index <= found.last ? found : undefined;
}
