import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { CATEGORIES, MIN_BODY_WORDS } from '../../generator/model/schemas/content.ts';

/**
 * Writes a valid content folder with `perCollection` generated records in every
 * collection (site settings and pages copied from the real content). Tests break it on
 * purpose; the benchmark uses it at scale.
 */
const WORDS =
  'browser isolation route sandbox session token phishing exposure policy agent prompt certificate domain header cookie script download extension network gateway'.split(
    ' ',
  );

function words(count: number, seed: number): string {
  return Array.from({ length: count }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]).join(
    ' ',
  );
}

export function syntheticSlug(key: CollectionKey, i: number): string {
  return `${key}-record-${i}`;
}

function fields(key: CollectionKey, i: number, n: number): Record<string, unknown> {
  const ref = (target: CollectionKey) => [syntheticSlug(target, i % n)];
  const common = {
    title: `${key} record ${i} ${words(2, i)}`,
    category: CATEGORIES[key][i % CATEGORIES[key].length],
    summary: `Synthetic ${key} record number ${i} about ${words(6, i)}.`,
    lastUpdated: `2026-0${1 + (i % 9)}-1${i % 10}`,
  };
  const sentence = `This sentence explains record ${i} of ${key}: ${words(8, i + 1)}.`;
  switch (key) {
    case 'threats':
      return { ...common, howItWorks: sentence, controls: ref('glossary') };
    case 'glossary':
      return {
        ...common,
        definition: sentence,
        relatedExposures: ref('exposures'),
        aliases: [`T${i}`],
      };
    case 'exposures':
      return {
        ...common,
        severity: 'high',
        affectedTechnology: ['HTTP'],
        validation: sentence,
        remediation: sentence,
      };
    case 'apps':
      return {
        ...common,
        vendor: 'Example Vendor',
        risks: ['Data exfiltration via uploads', 'Session theft'],
        policies: [
          { role: 'Engineering', recommendations: ['Open unknown links in sandbox'] },
          { role: 'Finance', recommendations: ['Block personal accounts'] },
        ],
        relatedThreats: ref('threats'),
      };
    case 'ai':
      return {
        ...common,
        howItArises: sentence,
        containment: ['Isolate the agent browser', 'Scope its credentials'],
        controls: ref('glossary'),
        relatedThreats: ref('threats'),
      };
    case 'posts':
      return {
        ...common,
        author: 'Test Author',
        published: common.lastUpdated,
        tags: ['synthetic'],
      };
  }
}

export function recordFile(data: Record<string, unknown>, body: string): string {
  return `---\n${stringify(data, { lineWidth: 0 })}---\n${body}`;
}

export async function writeSyntheticCorpus(dir: string, perCollection: number): Promise<void> {
  const real = path.resolve(import.meta.dirname, '../../content');
  await mkdir(dir, { recursive: true });
  await cp(path.join(real, 'site.yaml'), path.join(dir, 'site.yaml'));
  await cp(path.join(real, 'pricing.yaml'), path.join(dir, 'pricing.yaml'));
  await cp(path.join(real, 'instance-images.yaml'), path.join(dir, 'instance-images.yaml'));
  await cp(path.join(real, 'pages'), path.join(dir, 'pages'), { recursive: true });
  for (const key of COLLECTION_KEYS) {
    await mkdir(path.join(dir, key), { recursive: true });
    const writes: Promise<void>[] = [];
    for (let i = 0; i < perCollection; i++) {
      const body = `## Section\n\n${words(MIN_BODY_WORDS[key] + 10, i)}.\n`;
      writes.push(
        writeFile(
          path.join(dir, key, `${syntheticSlug(key, i)}.md`),
          recordFile(fields(key, i, perCollection), body),
        ),
      );
    }
    await Promise.all(writes);
  }
}
