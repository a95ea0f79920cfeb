import type { RootContent } from 'mdast';
import { paths } from '../../../core/paths.ts';
import type { Corpus } from '../../model/corpus.ts';
import { bullets, code, heading, link, paragraph, strong, text, titled } from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  responses: Record<string, { description?: string; $ref?: string }>;
}

const METHODS = ['get', 'post', 'delete'] as const;

/** The human API reference (the ApiIndex `documentation` URL), written from the OpenAPI document itself. */
export function apiReferencePage(
  corpus: Corpus,
  openapi: { paths: Record<string, Record<string, unknown>> },
): SitePage {
  const blocks: RootContent[] = [
    paragraph(text(corpus.site.apiDescription)),
    paragraph(
      text('Machine-readable description: '),
      link(paths.openapi, paths.openapi),
      text('. Start at '),
      link(paths.apiIndex, paths.apiIndex),
      text('. Public endpoints need no authentication.'),
    ),
    heading(2, 'Conventions'),
    bullets([
      [
        text('Lists take '),
        code('limit'),
        text(' (1 to 200, default 50, out-of-range values clamped) and '),
        code('offset'),
        text(' (minimum 0).'),
      ],
      [
        text('Every failure is an Error object with '),
        code('error'),
        text(', '),
        code('code'),
        text(', '),
        code('message'),
        text(', '),
        code('hint'),
        text(' and '),
        code('docs'),
        text('. Branch on '),
        code('code'),
        text(', show '),
        code('message'),
        text(', act on '),
        code('hint'),
        text('.'),
      ],
      [
        text('Reads are limited to 600 requests per minute per client and carry '),
        code('RateLimit-Limit'),
        text(', '),
        code('RateLimit-Remaining'),
        text(', '),
        code('RateLimit-Reset'),
        text(' and '),
        code('RateLimit-Policy'),
        text('; over the limit the answer is 429 with '),
        code('Retry-After'),
        text(' in seconds.'),
      ],
      [text('Contact endpoints accept 5 requests per 10 minutes per sender.')],
      [text('Fields may be added within v1: ignore fields you do not know.')],
      [
        text('Every page of the site is also Markdown: send '),
        code('Accept: text/markdown'),
        text(' or append '),
        code('index.html.md'),
        text(' to its path.'),
      ],
    ]),
    heading(2, 'Endpoints'),
  ];
  for (const [path, item] of Object.entries(openapi.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      // The path as code, which may break anywhere: the longest (/orgs/{org_uuid}/api/instances/{instance_uuid}) is wider than a phone.
      blocks.push({
        type: 'heading',
        depth: 3,
        children: [text(`${method.toUpperCase()} `), code(path)],
      });
      blocks.push(
        paragraph(strong(op.summary), text(` (operationId `), code(op.operationId), text(')')),
      );
      if (op.description) blocks.push(paragraph(text(op.description)));
      const params = (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path');
      if (params.length) {
        blocks.push(
          bullets(
            params.map((p) => [
              code(p.name),
              text(
                ` (${p.in}${p.required ? ', required' : ''})${p.description ? `: ${p.description}` : ''}`,
              ),
            ]),
          ),
        );
      }
      const statuses = Object.keys(op.responses).join(', ');
      blocks.push(paragraph(text(`Responses: ${statuses}.`)));
    }
  }
  return {
    path: paths.apiReference,
    title: `${corpus.site.apiName} reference`,
    description: 'Endpoints, parameters, limits and errors of the public content API.',
    tree: titled(`${corpus.site.apiName} reference`, blocks),
  };
}
