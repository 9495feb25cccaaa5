// The form a user would see for an elicitation request, built from its `requestedSchema` (labels
// from `title`/`description`, inputs by type, required marks, enums as selects or checkboxes,
// defaults filled), and the answer it produces: an `ElicitResult` for one `elicitation/create`, or
// the `inputResponses` object for `inputRequests` (2026-07-28). Text only (no HTML strings); every
// control has a label, hints and errors are tied to it with aria-describedby, errors set
// aria-invalid. The page validates the answer with `checkElicitation` and hands the findings back
// through `showErrors`, which puts each one next to its field.
import { escapeToken, unescapeToken, valueAt } from './pointer.js';
import { h } from './render.js';

/** The choices of an enum property: `[{value, label}]`, or null when it is no enum. */
function choicesOf(property) {
  if (Array.isArray(property.oneOf)) return property.oneOf.map((o) => ({ value: o.const, label: o.title ?? String(o.const) }));
  if (Array.isArray(property.enum)) {
    return property.enum.map((value, i) => ({ value, label: property.enumNames?.[i] ?? String(value) }));
  }
  const items = property.items ?? {};
  if (Array.isArray(items.anyOf)) return items.anyOf.map((o) => ({ value: o.const, label: o.title ?? String(o.const) }));
  if (Array.isArray(items.enum)) return items.enum.map((value) => ({ value, label: String(value) }));
  return null;
}

const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date' };

let formCount = 0;

/** The form preview: `render(form)` shows it, `showErrors(diagnostics)` marks its fields. */
export class ElicitationForm {
  /** `container` holds the form; `onAnswer(text)` gets the answer JSON text after every change. */
  constructor(container, onAnswer) {
    this.container = container;
    this.onAnswer = onAnswer;
    this.key = null;
    this.questions = [];
    this.answerText = '';
    // Enter in a field must not submit (and reload) the page.
    container.addEventListener('submit', (event) => event.preventDefault());
  }

  /**
   * Shows the form for `{requestText, requests}` (the request text and `checkElicitation`'s
   * `requests`), or hides it for `undefined`. The same request keeps the form as filled.
   */
  render(form) {
    if (!form) {
      this.key = null;
      this.container.replaceChildren();
      this.container.hidden = true;
      return;
    }
    const key = JSON.stringify([form.requestText, form.requests]);
    if (key === this.key) return;
    this.key = key;
    let request;
    try {
      request = JSON.parse(form.requestText);
    } catch {
      request = undefined;
    }
    this.keyed = form.requests.some((r) => r.key !== null);
    this.questions = form.requests.map((asked) => this.question(asked, valueAt(request, asked.pointer) ?? {}));
    const copy = h('button', { type: 'button', className: 'copy-answer', textContent: 'Copy answer' });
    copy.addEventListener('click', () => navigator.clipboard?.writeText(this.answerText).catch(() => {}));
    this.general = h('ul', { className: 'form-errors', 'aria-live': 'polite' });
    this.container.replaceChildren(
      h('h2', { textContent: 'The form the user sees' }),
      ...this.questions.map((q) => q.element),
      this.general,
      copy,
    );
    this.container.hidden = this.questions.length === 0;
    this.emit();
  }

  /** One elicitation: its message, its fields (or URL) and the action the user takes. */
  question(asked, params) {
    const id = `elicit-${++formCount}`;
    const fields = [];
    const body = [];
    if (asked.mode === 'url') {
      body.push(h('p', { className: 'elicit-url' }, 'The user is sent to ', h('code', { textContent: String(params.url ?? '') })));
    } else {
      const schema = params.requestedSchema ?? {};
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (property && typeof property === 'object') fields.push(this.field(`${id}-${fields.length}`, name, property, required.has(name)));
      }
      body.push(...fields.map((f) => f.element));
    }
    const action = h('select', { id: `${id}-action` },
      ['accept', 'decline', 'cancel'].map((a) => h('option', { value: a, textContent: a })));
    action.addEventListener('change', () => this.emit());
    const element = h('fieldset', { className: 'elicit-question' },
      h('legend', { textContent: String(params.message ?? asked.key ?? 'Elicitation') }),
      ...body,
      h('p', { className: 'elicit-action' }, h('label', { htmlFor: action.id, textContent: 'Action ' }), action));
    return { asked, fields, action, element };
  }

  /** One field: label, hint, control, error slot. */
  field(id, name, property, required) {
    const label = String(property.title ?? name);
    const hintId = `${id}-hint`;
    const errorId = `${id}-error`;
    const choices = choicesOf(property);
    const multi = property.type === 'array';
    const describedBy = [property.description ? hintId : '', errorId].filter(Boolean).join(' ');
    let control;
    let read;
    const changed = () => this.emit();
    if (multi && choices) {
      const defaults = new Set(Array.isArray(property.default) ? property.default : []);
      const boxes = choices.map((choice, i) => {
        const box = h('input', { type: 'checkbox', id: `${id}-${i}`, checked: defaults.has(choice.value) });
        box.addEventListener('change', changed);
        return { box, choice };
      });
      control = h('fieldset', { className: 'choices', 'aria-describedby': describedBy },
        h('legend', { textContent: label + (required ? ' (required)' : '') }),
        boxes.map(({ box, choice }) => h('label', { htmlFor: box.id }, box, ` ${choice.label}`)));
      read = () => boxes.filter(({ box }) => box.checked).map(({ choice }) => choice.value);
    } else if (choices) {
      control = h('select', { id, 'aria-describedby': describedBy },
        h('option', { value: '', textContent: '(choose)' }),
        choices.map((choice, i) => h('option', { value: String(i), textContent: choice.label })));
      const index = choices.findIndex((c) => c.value === property.default);
      control.value = index >= 0 ? String(index) : '';
      control.addEventListener('change', changed);
      read = () => (control.value === '' ? undefined : choices[Number(control.value)].value);
    } else if (property.type === 'boolean') {
      control = h('input', { type: 'checkbox', id, checked: property.default === true, 'aria-describedby': describedBy });
      control.addEventListener('change', changed);
      read = () => control.checked;
    } else {
      const numeric = property.type === 'number' || property.type === 'integer';
      control = h('input', {
        id,
        type: numeric ? 'text' : INPUT_TYPES[property.format] ?? 'text',
        inputMode: numeric ? (property.type === 'integer' ? 'numeric' : 'decimal') : 'text',
        value: property.default === undefined ? '' : String(property.default),
        'aria-describedby': describedBy,
      });
      control.addEventListener('input', changed);
      read = () => {
        const text = control.value.trim();
        if (text === '') return undefined;
        return numeric && Number.isFinite(Number(text)) ? Number(text) : control.value;
      };
    }
    if (required && control.tagName !== 'FIELDSET') control.setAttribute('aria-required', 'true');
    const error = h('p', { id: errorId, className: 'field-error', 'aria-live': 'polite' });
    const element = h('div', { className: 'elicit-field' },
      control.tagName === 'FIELDSET' ? null : h('label', { htmlFor: id },
        label, required ? h('span', { className: 'required', textContent: ' *', title: 'required' }) : null,
        required ? h('span', { className: 'visually-hidden', textContent: ' (required)' }) : null),
      property.description ? h('p', { id: hintId, className: 'hint', textContent: String(property.description) }) : null,
      control,
      error);
    return { name, read, control, error, element };
  }

  /** The answer of one question: an ElicitResult. */
  static answerOf(question) {
    const action = question.action.value;
    if (action !== 'accept' || question.asked.mode === 'url') return { action };
    const content = {};
    for (const field of question.fields) {
      const value = field.read();
      if (value !== undefined) content[field.name] = value;
    }
    return { action, content };
  }

  /** Builds the answer and hands it to the page. */
  emit() {
    const answers = this.questions.map((q) => ElicitationForm.answerOf(q));
    const answer = this.keyed
      ? Object.fromEntries(this.questions.map((q, i) => [q.asked.key, answers[i]]))
      : answers[0];
    this.answerText = JSON.stringify(answer, null, 2);
    this.onAnswer(this.answerText);
  }

  /** Puts the answer's findings next to their fields; the rest under the form. */
  showErrors(diagnostics) {
    const general = [];
    for (const q of this.questions) {
      for (const f of q.fields) {
        f.error.textContent = '';
        f.control.removeAttribute('aria-invalid');
      }
    }
    for (const d of diagnostics.filter((x) => x.severity === 'error')) {
      const target = this.fieldFor(d.instancePath, d.message);
      if (target) {
        target.error.textContent = target.error.textContent ? `${target.error.textContent} ${d.message}` : d.message;
        target.control.setAttribute('aria-invalid', 'true');
      } else general.push(d.message);
    }
    this.general?.replaceChildren(...general.map((message) => h('li', { textContent: message })));
  }

  /** The field a finding is about: `…/content/<name>`, or a missing required `<name>` at `…/content`. */
  fieldFor(path, message) {
    for (const q of this.questions) {
      const base = this.keyed ? `/${escapeToken(q.asked.key)}/content` : '/content';
      if (!path.startsWith(base)) continue;
      const rest = path.slice(base.length);
      const name = rest.startsWith('/') ? unescapeToken(rest.slice(1).split('/')[0]) : null;
      const field = q.fields.find((f) => (name !== null ? f.name === name : message.includes(`"${f.name}"`)));
      if (field) return field;
    }
    return null;
  }
}
