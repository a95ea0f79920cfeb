/**
 * How the enumerated values of the content schemas (generator/schemas/content.ts) are
 * named where people read them: pages and Markdown twins. The JSON API keeps the codes.
 * A value without a label stops the build; a test checks every enum of every schema.
 */
export const VALUE_LABELS: Record<string, Record<string, string>> = {
  category: {
    // threats
    phishing: 'Phishing',
    'malware-delivery': 'Malware delivery',
    'session-attacks': 'Session attacks',
    'web-application-attacks': 'Web application attacks',
    exploitation: 'Exploitation',
    'social-engineering': 'Social engineering',
    'supply-chain': 'Supply chain',
    // glossary
    'attack-surface': 'Attack surface',
    'vulnerability-management': 'Vulnerability management',
    'browser-security': 'Browser security',
    'web-platform': 'Web platform',
    identity: 'Identity',
    network: 'Network',
    'data-protection': 'Data protection',
    // exposures
    'remote-access': 'Remote access',
    'data-stores': 'Data stores',
    'tls-and-certificates': 'TLS and certificates',
    'dns-and-email': 'DNS and email',
    'source-and-secrets': 'Source code and secrets',
    'cloud-and-containers': 'Cloud and containers',
    'web-configuration': 'Web configuration',
    'vulnerable-software': 'Vulnerable software',
    // apps
    collaboration: 'Collaboration',
    'productivity-suite': 'Productivity suite',
    'developer-tools': 'Developer tools',
    'crm-and-sales': 'CRM and sales',
    'file-sharing': 'File sharing',
    'hr-and-finance': 'HR and finance',
    'it-service-management': 'IT service management',
    'ai-assistants': 'AI assistants',
    'cloud-consoles': 'Cloud consoles',
    // ai
    'prompt-injection': 'Prompt injection',
    'data-leakage': 'Data leakage',
    'agent-autonomy': 'Agent autonomy',
    'output-handling': 'Output handling',
    governance: 'Governance',
    // posts
    'browser-isolation': 'Browser isolation',
    'privacy-engineering': 'Privacy engineering',
    'ai-agent-security': 'AI agent security',
  },
  severity: {
    critical: 'Critical',
    high: 'High',
    medium: 'Medium',
    low: 'Low',
    info: 'Informational',
  },
};

export function valueLabel(field: string, value: string): string {
  const label = VALUE_LABELS[field]?.[value];
  if (label === undefined)
    throw new Error(
      `${field} "${value}" has no label: add one to VALUE_LABELS in generator/render/value-labels.ts`,
    );
  return label;
}

/** Tags are free keywords, not an enumeration: shown as words, their hyphens as spaces. */
export const tagLabel = (tag: string): string => tag.replace(/-/g, ' ');
