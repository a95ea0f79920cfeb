import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../generator/render/brand.ts';
import { drawable, wrapText } from '../generator/render/social/dot-font.ts';
import { encodePng } from '../generator/render/social/png.ts';
import { hexColor } from '../generator/render/social/raster.ts';
import {
  SOCIAL_IMAGE,
  socialImageOf,
  socialImagePng,
  touchIconPng,
} from '../generator/render/social/social-image.ts';

/** Reads a PNG back as a decoder does: signature, chunk CRCs, header, inflated rows. */
function decodePng(png: Uint8Array): {
  width: number;
  height: number;
  pixel(x: number, y: number): number[];
} {
  const bytes = Buffer.from(png);
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(
      crc32(bytes.subarray(at + 4, at + 8 + length)),
    );
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]!.data;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
  const rows = inflateSync(chunks[1]!.data);
  expect(rows.length).toBe((width * 3 + 1) * height);
  return {
    width,
    height,
    pixel: (x, y) => {
      const at = y * (width * 3 + 1);
      expect(rows[at], 'filter type').toBe(0);
      return [...rows.subarray(at + 1 + x * 3, at + 4 + x * 3)];
    },
  };
}

describe('social images', () => {
  it('encodes pixels as a PNG any decoder reads', () => {
    const pixels = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]);
    const image = decodePng(encodePng(2, 2, pixels));
    expect([image.width, image.height]).toEqual([2, 2]);
    expect([image.pixel(0, 0), image.pixel(1, 0), image.pixel(0, 1), image.pixel(1, 1)]).toEqual([
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [10, 20, 30],
    ]);
    expect(() => encodePng(2, 2, pixels.subarray(3))).toThrow(/expected 12/);
  });

  it('draws a 1200x630 card per collection, with the logo and the headline, the same bytes every time', () => {
    const text = { siteName: 'Detour Security', host: 'detour.example' };
    const card = socialImagePng('threats', text);
    expect(socialImagePng('threats', text)).toEqual(card);
    expect(socialImagePng('glossary', text)).not.toEqual(card);
    const image = decodePng(card);
    expect([image.width, image.height]).toEqual([SOCIAL_IMAGE.width, SOCIAL_IMAGE.height]);
    expect(image.pixel(10, 10)).toEqual([...hexColor(BRAND.night)]);
    // Inside the logo's tile, away from the route: the accent.
    expect(image.pixel(90, 74)).toEqual([...hexColor(BRAND.accent)]);
    // The headline's first dot (T of THREATS, top row) is drawn in the text colour.
    const headline = Array.from({ length: 240 }, (_, y) => image.pixel(92, 210 + y));
    expect(headline).toContainEqual([...hexColor(BRAND.nightInk)]);

    const icon = decodePng(touchIconPng());
    expect([icon.width, icon.height, ...icon.pixel(5, 5)]).toEqual([
      180,
      180,
      ...hexColor(BRAND.accent),
    ]);
  });

  it('writes any text the font cannot draw as capitals without accents, or spaces', () => {
    expect(drawable('Sécurité € AI')).toBe('SECURITE   AI');
    expect(wrapText('Browser security research', 17)).toEqual(['BROWSER SECURITY', 'RESEARCH']);
    expect(wrapText('Supercalifragilistic', 8)).toEqual(['SUPERCAL', 'IFRAGILI', 'STIC']);
  });

  it('gives a collection page and its records the collection image, every other page the site image', () => {
    expect(
      [
        '/threats/',
        '/threats/credential-phishing/',
        '/ai/shadow-ai/',
        '/',
        '/pricing/',
        '/docs/api/',
        '/404.html',
      ].map(socialImageOf),
    ).toEqual(['threats', 'threats', 'ai', 'site', 'site', 'site', 'site']);
  });
});
