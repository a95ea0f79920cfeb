/**
 * The brand colours that live outside the stylesheet: the logo, the favicon, the social
 * images and the `theme-color` meta tags. `assets/site.css` declares the same values as
 * custom properties (a test keeps the two in step).
 */
export const BRAND = {
  /** Accent of the light theme, and the logo's tile. White on it is 6.4:1. */
  accent: '#0b6e4f',
  /** What the detour goes around in the logo: a hazard. */
  hazard: '#f4b740',
  /** Background of the dark theme and of the social images. */
  night: '#0e1714',
  /** Text on `night`. */
  nightInk: '#e7efeb',
  /** Secondary text on `night`. */
  nightMuted: '#9fb4aa',
  /** Accent of the dark theme. */
  nightAccent: '#5fd3a6',
} as const;
