import path from 'node:path';
import { baseUrlProblem } from '../generator/model/base-url.ts';
import { dataDir } from './data-dir.ts';

/** What the local servers (`npm start`, `npm run dev`, `npm run start:netlify`) take from the environment. */
export interface ServerSettings {
  projectDir: string;
  contentDir: string;
  /** The folder the local server builds and serves: by default its own, DATA_DIR/dist, apart from dist/, which holds what a deploy publishes. */
  distDir: string;
  /** The address the site is built for (SITE_BASE_URL); without it, the address the server listens at (siteAddress). */
  baseUrl: string | undefined;
  /** Submissions, queued mail, keys and instances (file store or the emulator's Blobs), and the local mail outbox. */
  dataDir: string;
  port: number;
  hostname: string;
  /** Count the right-most X-Forwarded-For entry as the client (TRUST_PROXY=1): only behind a proxy the operator runs. */
  trustProxy: boolean;
  /** A missing SMTP_URL is a configuration error, as in production (MAIL_REQUIRE_SMTP=1). */
  requireSmtp: boolean;
}

const yes = (value: string | undefined) => ['1', 'true', 'yes'].includes(value ?? '');

export function serverSettings(
  env: Record<string, string | undefined> = process.env,
): ServerSettings {
  const projectDir = path.resolve(import.meta.dirname, '..');
  const port = Number(env.PORT ?? 8888);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT=${env.PORT} is not a port number: use 0 to 65535 (0 picks a free one).`);
  const baseUrl = env.SITE_BASE_URL || undefined;
  const problem = baseUrl === undefined ? undefined : baseUrlProblem(baseUrl);
  if (problem)
    throw new Error(
      `SITE_BASE_URL ${problem}, or leave it unset to use the address the server listens at.`,
    );
  const data = dataDir(env);
  return {
    projectDir,
    contentDir: path.resolve(env.CONTENT_DIR ?? path.join(projectDir, 'content')),
    distDir: path.resolve(env.DIST_DIR ?? path.join(data, 'dist')),
    baseUrl,
    dataDir: data,
    port,
    hostname: env.HOST ?? '127.0.0.1',
    trustProxy: yes(env.TRUST_PROXY),
    requireSmtp: yes(env.MAIL_REQUIRE_SMTP),
  };
}

/** serverSettings for a server script: a variable it cannot use is explained in one message, and the process exits 1. */
export function serverSettingsOrExit(): ServerSettings {
  try {
    return serverSettings();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/**
 * The address a local server builds the site for: SITE_BASE_URL, else its own, so that every
 * link, record URL, hint, search result and MCP answer works on the machine serving it. Known
 * once it listens: PORT=0 leaves the port to the system.
 */
export const siteAddress = (settings: ServerSettings, listening: { url: string }): string =>
  settings.baseUrl ?? listening.url;
