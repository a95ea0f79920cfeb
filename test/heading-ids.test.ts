import { describe, expect, it } from 'vitest';
import { parseMarkdown, renderBody } from '../generator/markdown/markdown.ts';

const idsOf = (markdown: string) => renderBody(parseMarkdown(markdown)).ids;

describe('heading ids (rehype-slug)', () => {
  it('gives each heading the GitHub-style slug of its text, in document order, unique within the document', () => {
    const markdown = [
      '## Phishing & *Session* Theft',
      '### Phishing & Session Theft',
      '> ## Quoted heading',
      '- item\n\n  #### Heading in a list',
      '## Überblick: 2FA (TOTP)?',
      '## Phishing & Session Theft',
      '## <span>Inline</span> `code`',
    ].join('\n\n');
    expect(idsOf(markdown)).toEqual([
      'phishing--session-theft',
      'phishing--session-theft-1',
      'quoted-heading',
      'heading-in-a-list',
      'überblick-2fa-totp',
      'phishing--session-theft-2',
      'inline-code',
    ]);
  });

  it('starts afresh with every document', () => {
    expect(idsOf('## Same')).toEqual(['same']);
    expect(idsOf('## Same')).toEqual(['same']);
  });

  it('counts headings with no text, and puts ids on headings only', () => {
    expect(idsOf('##\n\n## \\#\n\nA paragraph.\n\n| a |\n| - |\n| b |')).toEqual(['', '-1']);
  });
});
