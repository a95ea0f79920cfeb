/**
 * The browser origins besides the site's own that may call /mcp, from `MCP_ALLOWED_ORIGINS`
 * (comma-separated, such as `https://app.example.com,http://localhost:6274`). A request
 * that names any other Origin is refused: MCP's rule against DNS rebinding.
 */
export function allowedOriginsFrom(env: (name: string) => string | undefined): string[] {
  const value = env('MCP_ALLOWED_ORIGINS') ?? '';
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let origin: string | undefined;
      try {
        origin = new URL(entry).origin;
      } catch {
        origin = undefined;
      }
      if (!origin || origin === 'null' || origin !== entry.replace(/\/$/, '')) {
        throw new Error(
          `MCP_ALLOWED_ORIGINS has "${entry}", which is not an origin: give scheme, host and port only, such as https://app.example.com or http://localhost:6274.`,
        );
      }
      return origin;
    });
}
