/**
 * Netlify path syntax (`:name` placeholders, `*` splats) as a RegExp; trailing slashes are
 * optional. The local server routes by the generated rules with it, and a mirror's
 * configuration is written with it, so both read a rule as the CDN does.
 */
export function pathPattern(from: string): RegExp {
  const parts = from
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return '([^/]+)';
      if (part === '*') return '?(.*)';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return new RegExp(`^/${parts.join('/')}/?$`, 'i');
}
