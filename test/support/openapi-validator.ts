import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Validates response bodies against the generated OpenAPI document itself, so a test
 * fails when what we serve and what we describe drift apart.
 */
export function openApiValidator(document: { paths: Record<string, Record<string, unknown>> }) {
  // The document is not a JSON Schema itself; only its schema objects are validated, by JSON pointer.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi.json');
  const cache = new Map<string, ValidateFunction>();
  const pointer = (...segments: string[]) =>
    segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

  return function validate(
    method: string,
    pathTemplate: string,
    status: number | string,
    body: unknown,
  ): string[] {
    const operation = document.paths[pathTemplate]?.[method.toLowerCase()] as
      | {
          responses: Record<
            string,
            { $ref?: string; content?: Record<string, { schema: unknown }> }
          >;
        }
      | undefined;
    if (!operation) return [`no operation ${method} ${pathTemplate} in the OpenAPI document`];
    let response = operation.responses[String(status)];
    if (!response) return [`${method} ${pathTemplate} documents no ${status} response`];
    let ref = `openapi.json#/${pointer('paths', pathTemplate, method.toLowerCase(), 'responses', String(status))}`;
    if (response.$ref) {
      ref = `openapi.json${response.$ref}`;
      const name = response.$ref.split('/').pop()!;
      response = (
        document as unknown as { components: { responses: Record<string, typeof response> } }
      ).components.responses[name]!;
    }
    if (!response.content?.['application/json'])
      return [`${method} ${pathTemplate} ${status} has no JSON body`];
    const schemaRef = `${ref}/content/application~1json/schema`;
    let check = cache.get(schemaRef);
    if (!check) {
      check = ajv.getSchema(schemaRef);
      if (!check) return [`cannot resolve ${schemaRef}`];
      cache.set(schemaRef, check);
    }
    return check(body)
      ? []
      : (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
}
