import { BRAND } from './brand.ts';

/**
 * The logo: a route that takes a detour over a hazard, on the accent tile. One geometry
 * (in a 32-unit square) for the header, the favicon and the social images, so they match.
 */
export const LOGO = {
  size: 32,
  corner: 7,
  /** The route: a line at `baseline` from `start` to `end`, arching over the hazard with `radius`. */
  baseline: 19,
  start: 6,
  end: 26,
  centre: 16,
  radius: 6,
  stroke: 3,
  hazard: 2.25,
} as const;

const { size, corner, baseline, start, end, centre, radius, stroke, hazard } = LOGO;

const shapes = `<rect width="${size}" height="${size}" rx="${corner}" fill="${BRAND.accent}"/><path d="M${start} ${baseline}H${centre - radius}A${radius} ${radius} 0 0 1 ${centre + radius} ${baseline}H${end}" fill="none" stroke="#fff" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round"/><circle cx="${centre}" cy="${baseline}" r="${hazard}" fill="${BRAND.hazard}"/>`;

/** The mark inside the header's home link, whose text names it: hidden from assistive technology. */
export const headerLogo = `<svg class="logo" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" aria-hidden="true" focusable="false">${shapes}</svg>`;

export const FAVICON_PATH = '/assets/favicon.svg';
export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">${shapes}</svg>\n`;
