// DOM rendering of results. User data only ever goes through textContent / attributes, never HTML.

/** `h('li', {className: 'x'}, child, 'text')`: an element with properties and children (strings become text). */
export function h(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/** Badges: `[{text, tone: 'ok' | 'error' | 'warning' | 'info' | 'kind' | 'muted'}]`. */
export function renderBadges(container, badges) {
  container.replaceChildren(...badges.map(({ text, tone = 'muted', title }) =>
    h('span', { className: `badge badge-${tone}`, textContent: text, title: title ?? '' })));
}

/** `pollIntervalMs` → "Poll interval ms". */
function humanKey(key) {
  const words = String(key).replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A summary value as one line of text. */
function summaryText(value) {
  if (value === null) return 'null';
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A summary as a definition list (hidden when empty): an object (keys humanized) or `[label, value]` pairs. */
export function renderSummary(list, summary) {
  let entries = [];
  if (Array.isArray(summary)) entries = summary;
  else if (summary && typeof summary === 'object') entries = Object.entries(summary).map(([key, value]) => [humanKey(key), value]);
  list.replaceChildren(...entries.flatMap(([label, value]) => [
    h('dt', { textContent: label }),
    h('dd', { textContent: summaryText(value) }),
  ]));
  list.hidden = entries.length === 0;
}

/** "3:14" for a span, "" without one. */
export function position(span) {
  return span ? `${span.line}:${span.column}` : '';
}

/** Counts by severity: "2 errors, 1 warning". */
export function countText(diagnostics) {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity] = (counts[d.severity] ?? 0) + 1;
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([severity, n]) => `${n} ${severity === 'info' ? 'note' : severity}${n === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/** One diagnostic as a list item with a button that calls `pick(diagnostic)`; children nested below. */
function diagnosticItem(diagnostic, pick) {
  const where = position(diagnostic.span ?? diagnostic.schemaSpan);
  const button = h('button', { type: 'button', className: 'diag-button' },
    h('span', { className: `sev sev-${diagnostic.severity}`, textContent: diagnostic.severity }),
    h('span', { className: 'diag-message', textContent: diagnostic.message }),
    h('span', { className: 'diag-meta' },
      where && h('span', { className: 'diag-pos', textContent: `line ${where.replace(':', ', column ')}` }),
      diagnostic.instancePath && h('code', { textContent: diagnostic.instancePath }),
      diagnostic.code && h('code', { className: 'diag-code', textContent: diagnostic.code })));
  button.disabled = !diagnostic.span && !diagnostic.schemaSpan;
  button.setAttribute('aria-label',
    `${diagnostic.severity}: ${diagnostic.message}${where ? ` at line ${where.replace(':', ' column ')}` : ''}`);
  button.addEventListener('click', () => pick(diagnostic));
  const item = h('li', { className: `diag diag-${diagnostic.severity}` }, button);
  if (diagnostic.children?.length) {
    item.append(h('ol', { className: 'diag-children' }, diagnostic.children.map((child) => diagnosticItem(child, pick))));
  }
  return item;
}

/** The diagnostics list. */
export function renderDiagnostics(list, diagnostics, pick) {
  list.replaceChildren(...diagnostics.map((d) => diagnosticItem(d, pick)));
  list.hidden = diagnostics.length === 0;
}
