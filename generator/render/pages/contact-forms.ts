import { assetPath } from '../asset-names.ts';
import { formMarker } from '../../../core/forms/render-form.ts';
import { SUBMISSION_KINDS } from '../../../core/submissions.ts';

/**
 * Where the contact page's forms go: a marker for each, filled in by `fillForms`
 * (core/forms/render-form.ts). The build fills them empty for dist/contact/; the page with
 * its markers is also written to dist/_data/contact-page.html, from which the submission
 * endpoints answer a form post with the form as it was sent. The forms post to the
 * endpoints without JavaScript; the script assets/forms.js sends them in place.
 */
export function contactFormsHtml(): string {
  return `${SUBMISSION_KINDS.map(formMarker).join('\n')}
<script type="module" src="${assetPath('forms.js')}"></script>`;
}
