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
