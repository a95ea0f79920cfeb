/**
 * The site's address where no build data is at hand (edge functions): `SITE_BASE_URL` as
 * the build reads it, else the main address Netlify reports for the site (`URL`). Never
 * the request's Host: absolute URLs come from configuration (docs/decisions.md).
 */
export function configuredBaseUrl(env: (name: string) => string | undefined): string {
  const value = env('SITE_BASE_URL') || env('URL');
  if (!value || !/^https?:\/\/[^/]+/.test(value)) {
    throw new Error(
      `The site's address is not configured (SITE_BASE_URL=${JSON.stringify(env('SITE_BASE_URL'))}, URL=${JSON.stringify(env('URL'))}): set SITE_BASE_URL to an http(s) URL such as https://detour.example.`,
    );
  }
  return value.replace(/\/+$/, '');
}
