import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../generator/render/brand.ts';
import { contrastRatio } from './support/contrast.ts';

/**
 * The palette of generator/render/assets/site.css, light and dark: every pair of text and
 * background the site uses reaches WCAG AA (4.5:1), and the colours the build also draws
 * with (logo, favicon, social images, theme-color) are the stylesheet's.
 */
const css = readFileSync(
  path.resolve(import.meta.dirname, '../generator/render/assets/site.css'),
  'utf8',
);

function customProperties(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/--([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
}

const light = customProperties(/:root \{([\s\S]*?)\n\}/.exec(css)![1]!);
const darkOverrides = customProperties(
  /@media \(prefers-color-scheme: dark\) \{\s*:root \{([\s\S]*?)\}/.exec(css)![1]!,
);
const resolve = (scheme: Record<string, string>, value: string): string => {
  const reference = /^var\(--([a-z-]+)\)$/.exec(value);
  return reference ? resolve(scheme, scheme[reference[1]!]!) : value;
};
const dark = { ...light, ...darkOverrides };

// [text, background]: body text, secondary text and links on the page, on cards and on code; text on the accent button.
const PAIRS = [
  ['ink', 'paper'],
  ['muted', 'paper'],
  ['accent', 'paper'],
  ['ink', 'surface'],
  ['muted', 'surface'],
  ['accent', 'surface'],
  ['ink', 'code-bg'],
  ['accent-ink', 'accent'],
] as const;

describe('the palette', () => {
  it.each([
    ['light', light],
    ['dark', dark],
  ] as const)('reaches 4.5:1 for every text colour in the %s scheme', (_, scheme) => {
    for (const [text, background] of PAIRS) {
      const ratio = contrastRatio(
        resolve(scheme, scheme[text]!),
        resolve(scheme, scheme[background]!),
      );
      expect(ratio, `${text} on ${background}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('is the one the logo, favicon, social images and theme-color use', () => {
    expect(light.accent).toBe(BRAND.accent);
    expect(light.hazard).toBe(BRAND.hazard);
    expect(light.night).toBe(BRAND.night);
    expect(resolve(dark, dark.paper!)).toBe(BRAND.night);
    expect(dark.ink).toBe(BRAND.nightInk);
    expect(dark.muted).toBe(BRAND.nightMuted);
    expect(dark.accent).toBe(BRAND.nightAccent);
    // Text drawn on the social images, and the white route on the logo's tile.
    expect(contrastRatio(BRAND.nightInk, BRAND.night)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(BRAND.nightMuted, BRAND.night)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', BRAND.accent)).toBeGreaterThanOrEqual(4.5);
  });
});
