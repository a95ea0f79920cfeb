import { escapeHtml } from '../escape-html.ts';
import {
  HONEYPOT_FIELD,
  INQUIRY_TYPES,
  SUBMISSION_KINDS,
  type SubmissionKind,
} from '../submissions.ts';
import {
  controlId,
  FORMS,
  isRequired,
  maxLengthOf,
  type FormControl,
  type FormDefinition,
} from './forms.ts';

/**
 * The markup of the site's forms, empty (the contact page the build writes) or as a
 * submission left them (the page a form post is answered with): what was typed, an error
 * next to each field at fault, and a summary at the top of the form. forms.js shows the
 * same markup, taken from the server's answer, so the page reads the same with or without
 * JavaScript.
 */
export interface FormProblem {
  /** The field's name in the endpoint's body; absent for a problem of the whole submission (too many, too large). */
  field?: string;
  text: string;
}

export interface FormState {
  /** What the person typed, by field name: shown again as typed. */
  values?: Readonly<Record<string, string>>;
  problems?: readonly FormProblem[];
  /** The summary's heading; "There is a problem" unless said. */
  title?: string;
}

/** Where the contact page's template has each form (dist/_data/contact-page.html). */
export const formMarker = (kind: SubmissionKind) => `<!--form:${kind}-->`;

/** Every form of the contact page in its place: empty, or in the state given for it. */
export function fillForms(
  template: string,
  states: Partial<Record<SubmissionKind, FormState>> = {},
): string {
  return SUBMISSION_KINDS.reduce(
    (html, kind) => html.replace(formMarker(kind), () => renderForm(kind, states[kind])),
    template,
  );
}

export function renderForm(kind: SubmissionKind, state: FormState = {}): string {
  const form = FORMS[kind];
  const problems = state.problems ?? [];
  const values = state.values ?? {};
  const fields = form.controls.map((control) =>
    renderControl(
      form,
      control,
      values[control.name] ?? '',
      problems.find((p) => p.field === control.name),
    ),
  );
  return `<form class="api-form" id="${form.id}" method="post" action="${form.endpoint}" novalidate>
  ${problems.length ? errorSummary(form, problems, state.title ?? 'There is a problem') : ''}<fieldset><legend>${escapeHtml(form.legend)}</legend>
  ${fields.join('\n  ')}
  <p class="trap" aria-hidden="true"><label for="${HONEYPOT_FIELD}-${form.id}">Leave this field empty</label><input id="${HONEYPOT_FIELD}-${form.id}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></p>
  <input type="hidden" name="source" value="${escapeHtml(values.source ?? 'contact-page')}">
  <p><button type="submit">${escapeHtml(form.button)}</button></p>
  <p class="form-status" role="status" aria-live="polite"></p>
  </fieldset>
</form>`;
}

/**
 * Focused when the page loads (autofocus), so a keyboard or screen-reader user starts at
 * what went wrong; each field's entry links to the field.
 */
function errorSummary(
  form: FormDefinition,
  problems: readonly FormProblem[],
  title: string,
): string {
  const id = `${form.id}-problems`;
  const items = problems.map((problem) => {
    const control = form.controls.find((c) => c.name === problem.field);
    return `<li>${control ? `<a href="#${controlId(form, control)}">${escapeHtml(problem.text)}</a>` : escapeHtml(problem.text)}</li>`;
  });
  return `<div class="error-summary" id="${id}" tabindex="-1" autofocus aria-labelledby="${id}-title">
  <h2 id="${id}-title">${escapeHtml(title)}</h2>
  <ul>${items.join('')}</ul>
  </div>
  `;
}

function renderControl(
  form: FormDefinition,
  control: FormControl,
  value: string,
  problem: FormProblem | undefined,
): string {
  const id = controlId(form, control);
  const required = isRequired(form, control);
  const errorId = `${id}-error`;
  const attributes = [
    `id="${id}"`,
    `name="${control.name}"`,
    control.autocomplete ? `autocomplete="${control.autocomplete}"` : '',
    required ? 'required' : '',
    problem ? `aria-invalid="true" aria-describedby="${errorId}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const maxLength = `maxlength="${maxLengthOf(form, control)}"`;
  let input: string;
  if (control.type === 'select') {
    const options = INQUIRY_TYPES.map(
      (t) =>
        `<option value="${t}"${t === value ? ' selected' : ''}>${t.replace('-', ' ')}</option>`,
    ).join('');
    input = `<select ${attributes}>${options}</select>`;
  } else if (control.type === 'textarea') {
    // The parser drops one line break right after the start tag: this one, never the typed text's own.
    input = `<textarea ${attributes} rows="6" ${maxLength}>\n${escapeHtml(value)}</textarea>`;
  } else {
    input = `<input ${attributes}${control.type === 'text' ? '' : ` type="${control.type}"`} ${maxLength}${value ? ` value="${escapeHtml(value)}"` : ''}>`;
  }
  const label = `<label for="${id}">${escapeHtml(control.label)} <span class="field-need">(${required ? 'required' : 'optional'})</span></label>`;
  const error = problem
    ? `<p class="field-error" id="${errorId}"><span class="visually-hidden">Error: </span>${escapeHtml(problem.text)}</p>`
    : '';
  return `<div class="field${problem ? ' field-invalid' : ''}">${label}${error}${input}</div>`;
}
