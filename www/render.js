// DOM rendering of results. User data only ever goes through textContent / attributes, never HTML.
import { h, spaced } from '../runtime/dom.js';
import { position } from '../runtime/modes.js';
import { countText } from '../runtime/counts.js';

/** `countText`: counts by severity, "2 errors, 1 warning" (runtime/counts.js, the CLI's too). */
export { h, countText };

/** Badges: `[{text, tone: 'ok' | 'error' | 'warning' | 'info' | 'kind' | 'muted'}]`. */
export function renderBadges(container, badges) {
  container.replaceChildren(...badges.map(({ text, tone = 'muted', title }) =>
    h('span', { className: `badge badge-${tone}`, textContent: text, title: title ?? '' })));
}

/** `pollIntervalMs` → "Poll interval ms", `taskId` → "Task ID". */
function humanKey(key) {
  const words = String(key).replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  const cased = words.replace(/\b(id|ttl|url|mime)\b/g, (acronym) => acronym.toUpperCase());
  return cased.charAt(0).toUpperCase() + cased.slice(1);
}

/** A summary value as one line of text: durations by their `human` form, booleans as yes/no. */
function summaryText(value) {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return value.map(summaryText).join(', ') || 'none';
  if (typeof value === 'object') {
    if ('human' in value) return String(value.human);
    return Object.entries(value).map(([key, item]) => `${key}: ${summaryText(item)}`).join(' · ');
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** A summary as a definition list (hidden when empty): an object (keys humanized) or `[label, value]` pairs. */
export function renderSummary(list, summary) {
  let entries = [];
  if (Array.isArray(summary)) entries = summary;
  else if (summary && typeof summary === 'object') {
    // `type` names the card (task, toolResult…): the badges already say it.
    entries = Object.entries(summary).filter(([key]) => key !== 'type').map(([key, value]) => [humanKey(key), value]);
  }
  list.replaceChildren(...entries.flatMap(([label, value]) => [
    h('dt', { textContent: label }),
    h('dd', { textContent: summaryText(value) }),
  ]));
  list.hidden = entries.length === 0;
}

/**
 * One diagnostic as a list item with a button that calls `pick(diagnostic)`; children nested below.
 * The button is named by what it shows (severity, message, line and column, path, code), so that
 * the name a screen reader says and the one a voice-control user speaks are the same.
 */
function diagnosticItem(diagnostic, pick) {
  const where = position(diagnostic.span ?? diagnostic.schemaSpan);
  const button = h('button', { type: 'button', className: 'diag-button' }, spaced(
    h('span', { className: `sev sev-${diagnostic.severity}`, textContent: diagnostic.severity }),
    h('span', { className: 'diag-message', textContent: diagnostic.message }),
    h('span', { className: 'diag-meta' }, spaced(
      where && h('span', { className: 'diag-pos', textContent: `line ${where.replace(':', ', column ')}` }),
      diagnostic.instancePath && h('code', { textContent: diagnostic.instancePath }),
      diagnostic.code && h('code', { className: 'diag-code', textContent: diagnostic.code })))));
  button.disabled = !diagnostic.span && !diagnostic.schemaSpan;
  button.addEventListener('click', () => pick(diagnostic));
  const item = h('li', { className: `diag diag-${diagnostic.severity}` }, button);
  if (diagnostic.children?.length) {
    item.append(h('ol', { className: 'diag-children' }, diagnostic.children.map((child) => diagnosticItem(child, pick))));
  }
  return item;
}

/** Items a lazy list draws at first, and adds each time its last drawn item scrolls into view. */
export const LAZY_PAGE = 200;
/** The same for the tasks' timelines (a task is a card of its status changes, larger than a finding). */
const TASKS_PAGE = 25;
/** The observer of each lazy list, replaced when the list is drawn again. */
const lazyObservers = new WeakMap();

/**
 * Draws `items` in `container` lazily: `make(item)` for the first `page` items, then the next page
 * each time the last element drawn scrolls into view (an IntersectionObserver, inside a scrolling
 * list or the page), so 40,000 findings cost the drawing of a page. A list item says its place
 * (`aria-posinset` of `aria-setsize`) for assistive technology.
 */
export function renderLazy(container, items, make, page = LAZY_PAGE) {
  lazyObservers.get(container)?.disconnect();
  let drawn = 0;
  const more = () => {
    observer.disconnect();
    const next = items.slice(drawn, drawn + page).map((item, i) => {
      const element = make(item);
      if (element.matches('li')) {
        element.setAttribute('aria-posinset', String(drawn + i + 1));
        element.setAttribute('aria-setsize', String(items.length));
      }
      return element;
    });
    container.append(...next);
    drawn += next.length;
    if (drawn < items.length) observer.observe(container.lastElementChild);
  };
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && more());
  lazyObservers.set(container, observer);
  container.replaceChildren();
  more();
}

/** The diagnostics list (drawn lazily). */
export function renderDiagnostics(list, diagnostics, pick) {
  renderLazy(list, diagnostics, (d) => diagnosticItem(d, pick));
  list.hidden = diagnostics.length === 0;
}

/**
 * The task timeline of a session: per task (`[taskId, state]` pairs of `replaySession`), its status
 * observations in order; each one selects its message in the transcript via `pick({span, editor})`.
 * Drawn lazily, a page of tasks at a time.
 */
export function renderTimeline(container, tasks, pick) {
  renderLazy(container, tasks, ([taskId, task]) => {
    const entries = (task.history ?? []).map((entry) => {
      const when = entry.receivedAt ?? entry.lastUpdatedAt ?? '';
      const button = h('button', { type: 'button', className: 'step' },
        h('span', { className: `badge status-${entry.status}`, textContent: entry.status }),
        h('span', { textContent: `${entry.event}${entry.messageIndex !== undefined ? ` · message ${entry.messageIndex + 1}` : ''}` }),
        when && h('time', { textContent: when }));
      button.disabled = !entry.span;
      button.addEventListener('click', () => pick({ span: entry.span, editor: 'a' }));
      return h('li', {}, button);
    });
    return h('section', { className: 'task' },
      h('h3', {},
        h('code', { textContent: taskId }),
        task.toolName && h('span', { className: 'task-tool', textContent: task.toolName }),
        task.lastStatus && h('span', { className: `badge status-${task.lastStatus}`, textContent: task.lastStatus })),
      task.nextPollAt && h('p', { className: 'task-next', textContent: `Next poll not before ${task.nextPollAt}` }),
      h('ol', { className: 'timeline', 'aria-label': `Timeline of task ${taskId}` }, entries));
  }, TASKS_PAGE);
  container.hidden = tasks.length === 0;
}
