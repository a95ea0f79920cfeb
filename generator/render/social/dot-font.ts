import { roundedRect, type Canvas, type Rgb } from './raster.ts';

/**
 * A 5x7 dot-matrix font for the text of social images, so the build needs no font file
 * and no font renderer. Capitals, digits and common punctuation; lower case is drawn as
 * capitals, accents are dropped, and anything else is a space.
 */
const GLYPHS: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11110 10001 10001 10001 10001 10001 11110',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 01010 00100 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  ' ': '00000 00000 00000 00000 00000 00000 00000',
  '-': '00000 00000 00000 11111 00000 00000 00000',
  '.': '00000 00000 00000 00000 00000 01100 01100',
  ',': '00000 00000 00000 00000 01100 00100 01000',
  ':': '00000 01100 01100 00000 01100 01100 00000',
  "'": '00100 00100 01000 00000 00000 00000 00000',
  '&': '01100 10010 10100 01000 10101 10010 01101',
  '/': '00001 00001 00010 00100 01000 10000 10000',
  '?': '01110 10001 00001 00010 00100 00000 00100',
  '!': '00100 00100 00100 00100 00100 00000 00100',
};

export const GLYPH_COLUMNS = 5;
export const GLYPH_ROWS = 7;
/** A glyph and the gap after it, in cells. */
export const ADVANCE = GLYPH_COLUMNS + 1;

/** The text as the font can draw it: capitals, no accents, unknown characters as spaces. */
export function drawable(text: string): string {
  return [...text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()]
    .map((c) => (c in GLYPHS ? c : ' '))
    .join('');
}

/** Width in pixels of a line drawn with cells of `cell` pixels. */
export const lineWidth = (text: string, cell: number) =>
  (drawable(text).length * ADVANCE - 1) * cell;

export interface DotStyle {
  cell: number;
  color: Rgb;
  /** Space between neighbouring dots, as a fraction of a cell. */
  gap?: number;
  /** Corner radius of a dot, as a fraction of its size (0.5 is round). */
  round?: number;
}

/** Draws one line of text with its top-left corner at (x, y). */
export function drawText(
  canvas: Canvas,
  text: string,
  x: number,
  y: number,
  { cell, color, gap = 0, round = 0 }: DotStyle,
): void {
  const size = cell * (1 - gap);
  for (const [i, char] of [...drawable(text)].entries()) {
    const rows = GLYPHS[char]!.split(' ');
    for (const [row, bits] of rows.entries()) {
      for (let column = 0; column < GLYPH_COLUMNS; column++) {
        if (bits[column] !== '1') continue;
        const left = x + (i * ADVANCE + column) * cell + (cell - size) / 2;
        const top = y + row * cell + (cell - size) / 2;
        canvas.fill(roundedRect(left, top, size, size, size * round), color);
      }
    }
  }
}

/** Splits text into lines of at most `columns` characters, at spaces where it can. */
export function wrapText(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(text).split(' ').filter(Boolean)) {
    for (let rest = word; rest; ) {
      const candidate = line ? `${line} ${rest}` : rest;
      if (candidate.length <= columns) {
        line = candidate;
        rest = '';
      } else if (line) {
        lines.push(line);
        line = '';
      } else {
        lines.push(rest.slice(0, columns));
        rest = rest.slice(columns);
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}
