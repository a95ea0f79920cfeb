import { COLLECTION_KEYS, COLLECTIONS, type CollectionKey } from '../../../core/collections.ts';
import { BRAND } from '../brand.ts';
import { LOGO } from '../logo.ts';
import { ADVANCE, drawText, GLYPH_ROWS, lineWidth, wrapText } from './dot-font.ts';
import { encodePng } from './png.ts';
import { Canvas, circle, hexColor, roundedRect, segment, union, upperArc } from './raster.ts';

/**
 * The images link previews show (Open Graph, Twitter cards): one per collection, for the
 * collection page and its records, and one for every other page. PNG, because the sites
 * that unfurl links do not take SVG; drawn by the build itself (raster.ts, dot-font.ts).
 */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

export type SocialImageName = CollectionKey | 'site';

export const socialImagePath = (name: SocialImageName) => `/assets/social/${name}.png`;

/** The social image of a page, from its path: a collection page and its records get the collection's. */
export function socialImageOf(pagePath: string): SocialImageName {
  const first = pagePath.split('/')[1] ?? '';
  return (COLLECTION_KEYS as readonly string[]).includes(first) ? (first as CollectionKey) : 'site';
}

export interface SocialImageText {
  siteName: string;
  /** The host of the site's base URL, shown at the bottom. */
  host: string;
}

/** What an image's headline says: the collection's title, or the site's tagline. */
export const headlineOf = (name: SocialImageName) =>
  name === 'site' ? 'Browser security research' : COLLECTIONS[name].title;

/** Alternative text of an image, for og:image:alt and twitter:image:alt. */
export const socialImageAlt = (name: SocialImageName, siteName: string) =>
  `${siteName}: ${headlineOf(name)}`;

/** Draws the logo with its top-left corner at (x, y), `scale` pixels per logo unit. */
export function drawLogo(canvas: Canvas, x: number, y: number, scale: number): void {
  const at = (v: number) => v * scale;
  canvas.fill(
    roundedRect(x, y, at(LOGO.size), at(LOGO.size), at(LOGO.corner)),
    hexColor(BRAND.accent),
  );
  drawRoute(
    canvas,
    x + at(LOGO.start),
    x + at(LOGO.end),
    y + at(LOGO.baseline),
    x + at(LOGO.centre),
    at(LOGO.radius),
    at(LOGO.stroke) / 2,
    [255, 255, 255],
  );
  canvas.fill(
    circle(x + at(LOGO.centre), y + at(LOGO.baseline), at(LOGO.hazard)),
    hexColor(BRAND.hazard),
  );
}

function drawRoute(
  canvas: Canvas,
  from: number,
  to: number,
  baseline: number,
  centre: number,
  radius: number,
  halfWidth: number,
  color: readonly [number, number, number],
): void {
  canvas.fill(
    union(
      segment(from, baseline, centre - radius, baseline, halfWidth),
      upperArc(centre, baseline, radius, halfWidth),
      segment(centre + radius, baseline, to, baseline, halfWidth),
    ),
    color,
  );
}

/** The 1200x630 card of one collection, or of the site. */
export function socialImagePng(
  name: SocialImageName,
  { siteName, host }: SocialImageText,
): Uint8Array {
  const { width, height } = SOCIAL_IMAGE;
  const margin = 80;
  const canvas = new Canvas(width, height, hexColor(BRAND.night));
  const ink = hexColor(BRAND.nightInk);

  const logo = 96;
  const logoTop = 64;
  drawLogo(canvas, margin, logoTop, logo / LOGO.size);
  const nameCell = 6;
  drawText(canvas, siteName, margin + logo + 32, logoTop + (logo - GLYPH_ROWS * nameCell) / 2, {
    cell: nameCell,
    color: ink,
  });

  // The headline as large as fits its box (the width, 240 pixels high), centred in it.
  const room = { top: 210, width: width - 2 * margin, height: 240 };
  const layoutAt = (cell: number) => {
    const lines = wrapText(headlineOf(name), Math.floor((room.width / cell + 1) / ADVANCE));
    const lineHeight = (GLYPH_ROWS + 3) * cell;
    return { cell, lines, lineHeight, height: lines.length * lineHeight - 3 * cell };
  };
  let headline = layoutAt(16);
  while (
    headline.cell > 4 &&
    (headline.height > room.height ||
      headline.lines.some((line) => lineWidth(line, headline.cell) > room.width))
  )
    headline = layoutAt(headline.cell - 1);
  const top = room.top + (room.height - headline.height) / 2;
  for (const [i, line] of headline.lines.entries())
    drawText(canvas, line, margin, top + i * headline.lineHeight, {
      cell: headline.cell,
      color: ink,
      gap: 0.14,
      round: 0.5,
    });

  // The site's address, and the route motif along the bottom.
  drawText(canvas, host, margin, 490, { cell: 4, color: hexColor(BRAND.nightMuted) });
  const baseline = height - 64;
  drawRoute(
    canvas,
    margin,
    width - margin,
    baseline,
    width - margin - 120,
    44,
    4,
    hexColor(BRAND.nightAccent),
  );
  canvas.fill(circle(width - margin - 120, baseline, 13), hexColor(BRAND.hazard));
  return encodePng(width, height, canvas.pixels);
}

export const TOUCH_ICON_PATH = '/assets/apple-touch-icon.png';

/** The icon iOS and Android put on a home screen: the logo on a full tile, 180x180. */
export function touchIconPng(): Uint8Array {
  const size = 180;
  const canvas = new Canvas(size, size, hexColor(BRAND.accent));
  drawLogo(canvas, 0, 0, size / LOGO.size);
  return encodePng(size, size, canvas.pixels);
}

export const SOCIAL_IMAGE_NAMES: readonly SocialImageName[] = [...COLLECTION_KEYS, 'site'];
