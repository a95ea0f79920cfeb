import { spawnSync } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { measureCommand, type CommandRun } from './measure-command.ts';

/**
 * The baseline of the build benchmark: Hugo (Debian's package) turning the same Markdown
 * files into HTML pages, with the smallest layouts that render a page's title and body and
 * a list of its section. Hugo writes HTML only; our build writes HTML, twins and JSON.
 */
export function hugoVersion(): string | undefined {
  const result = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

export async function prepareHugoSite(corpus: string, site: string): Promise<void> {
  await rm(site, { recursive: true, force: true });
  await mkdir(path.join(site, 'layouts', '_default'), { recursive: true });
  await writeFile(
    path.join(site, 'config.toml'),
    'baseURL = "https://example.com/"\ntitle = "bench"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT"]\n',
  );
  await writeFile(
    path.join(site, 'layouts', '_default', 'single.html'),
    '<!doctype html><title>{{ .Title }}</title><h1>{{ .Title }}</h1>{{ .Content }}\n',
  );
  await writeFile(
    path.join(site, 'layouts', '_default', 'list.html'),
    '<!doctype html><title>{{ .Title }}</title><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>\n',
  );
  for (const key of COLLECTION_KEYS)
    await cp(path.join(corpus, key), path.join(site, 'content', key), { recursive: true });
}

/** One clean Hugo build of the prepared site into a fresh folder. */
export async function hugoBuild(site: string): Promise<CommandRun> {
  await rm(path.join(site, 'public'), { recursive: true, force: true });
  return measureCommand('hugo', ['--quiet', '--source', site]);
}
