import path from 'node:path';
import { dataDir } from './data-dir.ts';

/** What both ways of serving locally (`npm start`, `npm run start:netlify`) take from the environment. */
export interface ServerSettings {
  projectDir: string;
  contentDir: string;
  distDir: string;
  /** Overrides the content's baseUrl in the build (SITE_BASE_URL), as for `npm run build`. */
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
  return {
    projectDir,
    contentDir: path.resolve(env.CONTENT_DIR ?? path.join(projectDir, 'content')),
    distDir: path.resolve(env.DIST_DIR ?? path.join(projectDir, 'dist')),
    baseUrl: env.SITE_BASE_URL,
    dataDir: dataDir(env),
    port,
    hostname: env.HOST ?? '127.0.0.1',
    trustProxy: yes(env.TRUST_PROXY),
    requireSmtp: yes(env.MAIL_REQUIRE_SMTP),
  };
}
