/** How each record field is named on pages and in Markdown twins. */
export const FIELD_LABELS: Record<string, string> = {
  category: 'Category',
  howItWorks: 'How it works',
  controls: 'Controls that address it',
  definition: 'Definition',
  relatedExposures: 'Related exposures',
  aliases: 'Also known as',
  severity: 'Severity',
  affectedTechnology: 'Affected technology',
  validation: 'Validation notes',
  remediation: 'Remediation',
  vendor: 'Vendor',
  risks: 'Common risks',
  policies: 'Recommended policies by role',
  relatedThreats: 'Related threats',
  howItArises: 'How it arises',
  containment: 'Containment',
  author: 'Author',
  published: 'Published',
  tags: 'Tags',
  lastUpdated: 'Last updated',
};

export function labelOf(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/**
 * How a record names the records that reference it, by the referring collection and field
 * (`x-references` in generator/schemas/content.ts): the threats page of a glossary term's
 * controls, read from the term's side. A test checks every reference field has one.
 */
export const REFERRER_LABELS: Record<string, string> = {
  'threats.controls': 'Threats it helps address',
  'glossary.relatedExposures': 'Glossary terms that relate to it',
  'apps.relatedThreats': 'Apps exposed to it',
  'ai.controls': 'AI risks it helps contain',
  'ai.relatedThreats': 'AI risks that relate to it',
};

export function referrerLabel(collection: string, field: string): string {
  const label = REFERRER_LABELS[`${collection}.${field}`];
  if (label === undefined)
    throw new Error(
      `${collection}.${field} has no referrer label: add one to REFERRER_LABELS in generator/render/field-labels.ts`,
    );
  return label;
}
