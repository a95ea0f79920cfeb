import { cp, mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * The project as Netlify's emulator reads it, staged under DATA_DIR: what a deploy takes
 * from the repository (netlify.toml, the functions and the code they import) copied, and
 * dist/ linked to DIST_DIR. Netlify's config resolution requires the publish directory
 * inside the project root, so this is how a DIST_DIR elsewhere is served; the copy is a
 * snapshot, as a deploy is, so code changes need a restart. Linked source folders would
 * not do: Netlify's function bundler copies symlinks as links and trips over them.
 */
const STAGED_SOURCES = [
  'netlify.toml',
  'package.json',
  'functions',
  'edge-functions',
  'core',
  'runtime',
];

/** The site id @netlify/dev gives a project that is not linked to a Netlify site. */
export const NETLIFY_DEV_SITE_ID = '0';

export const netlifySiteDir = (dataDir: string) => path.join(dataDir, 'netlify-site');

/** Where the emulator's Netlify Blobs server keeps the store (kept between runs). */
export const netlifyDevBlobsDir = (siteDir: string) =>
  path.join(siteDir, '.netlify', 'blobs-serve');

export async function stageNetlifySite({
  projectDir,
  distDir,
  siteDir,
}: {
  projectDir: string;
  distDir: string;
  siteDir: string;
}): Promise<void> {
  await mkdir(siteDir, { recursive: true });
  for (const entry of [...STAGED_SOURCES, 'node_modules', 'dist'])
    await rm(path.join(siteDir, entry), { recursive: true, force: true });
  for (const entry of STAGED_SOURCES)
    await cp(path.join(projectDir, entry), path.join(siteDir, entry), { recursive: true });
  await symlink(path.join(projectDir, 'node_modules'), path.join(siteDir, 'node_modules'), 'dir');
  await symlink(distDir, path.join(siteDir, 'dist'), 'dir');
}
