import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../model/schemas/content.ts';
import type { Problem } from '../model/problems.ts';
import type { SourceFile } from './frontmatter.ts';

/**
 * ajv configured once for every schema the build uses; `x-references` is our own
 * annotation (see schemas/content.ts) and carries no validation of its own. Our schemas
 * are not checked against the JSON Schema meta-schema at each start, which would compile
 * the meta-schema in every build that analyzes a file and in every analysis thread. A
 * test checks them once (content-validation.test.ts); strict mode still rejects unknown
 * keywords as each is compiled.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addKeyword({ keyword: 'x-references', schemaType: 'string' });
  return ajv;
}

const ajv = createAjv();
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function validatorFor(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

function describe(error: ErrorObject, field: string): { field: string; what: string; fix: string } {
  const p = error.params as Record<string, unknown>;
  const parent = error.parentSchema as JsonSchema | undefined;
  switch (error.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      const property = (parent?.properties as Record<string, JsonSchema> | undefined)?.[missing];
      const purpose = property?.description
        ? ` (${String(property.description).toLowerCase()})`
        : '';
      return {
        field: field ? `${field}.${missing}` : missing,
        what: 'is missing',
        fix: `add \`${missing}:\`${purpose}`,
      };
    }
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      if (extra === 'slug' || extra === 'url') {
        return {
          field: extra,
          what: 'is derived by the build, never written by hand',
          fix: `remove it; the ${extra} comes from ${extra === 'slug' ? 'the file name' : "the site's baseUrl and the file name"}`,
        };
      }
      const allowed = Object.keys((parent?.properties as object | undefined) ?? {}).join(', ');
      return {
        field: field ? `${field}.${extra}` : extra,
        what: 'is not a field of this file',
        fix: `remove it or correct its spelling; allowed fields: ${allowed}`,
      };
    }
    case 'enum':
      return {
        field,
        what: `${show(error.data)} is not an allowed value`,
        fix: `use one of: ${(p.allowedValues as unknown[]).join(', ')}`,
      };
    case 'const':
      return {
        field,
        what: `${show(error.data)} is not the expected value`,
        fix: `write ${show(p.allowedValue)}`,
      };
    case 'type': {
      const actual = Array.isArray(error.data)
        ? 'a list'
        : error.data === null
          ? 'nothing'
          : `a ${typeof error.data}`;
      const hint =
        p.type === 'array'
          ? 'a list such as [a, b]'
          : p.type === 'object'
            ? 'a mapping of `key: value` lines'
            : `a ${String(p.type)}`;
      return {
        field,
        what: `is ${actual}, expected ${String(p.type)}`,
        fix: `write it as ${hint}`,
      };
    }
    case 'minLength':
      return {
        field,
        what: `is ${String(error.data).length} characters, too short`,
        fix: `write at least ${String(p.limit)} characters`,
      };
    case 'maxLength':
      return {
        field,
        what: `is ${String(error.data).length} characters, too long`,
        fix: `shorten it to at most ${String(p.limit)} characters`,
      };
    case 'minItems':
      return {
        field,
        what: `has ${(error.data as unknown[]).length} items, too few`,
        fix: `list at least ${String(p.limit)}`,
      };
    case 'maxItems':
      return {
        field,
        what: `has ${(error.data as unknown[]).length} items, too many`,
        fix: `list at most ${String(p.limit)}`,
      };
    case 'uniqueItems':
      return {
        field,
        what: 'lists the same value twice',
        fix: `remove the duplicate (items ${String(p.j)} and ${String(p.i)})`,
      };
    case 'pattern':
      return {
        field,
        what: `${show(error.data)} has characters that are not allowed`,
        fix:
          String(p.pattern) === '^[a-z0-9-]+$'
            ? 'use lowercase letters, digits and hyphens only'
            : `match the pattern ${String(p.pattern)}`,
      };
    case 'format':
      if (p.format === 'date')
        return {
          field,
          what: `${show(error.data)} is not a valid date`,
          fix: 'write a real calendar date as YYYY-MM-DD, unquoted',
        };
      return {
        field,
        what: `${show(error.data)} is not a valid ${String(p.format)}`,
        fix: `write a valid ${String(p.format)}`,
      };
    case 'minimum':
    case 'maximum':
      return {
        field,
        what: `${show(error.data)} is out of range`,
        fix: `use a number ${error.keyword === 'minimum' ? '>=' : '<='} ${String(p.limit)}`,
      };
    default:
      return { field, what: error.message ?? 'is invalid', fix: 'correct the value' };
  }
}

/** Validates a parsed file's frontmatter and returns every problem, each with its line. */
export function validateFrontmatter(source: SourceFile, schema: JsonSchema): Problem[] {
  if (source.syntaxProblems.length) {
    return source.syntaxProblems.map((p) => ({ file: source.file, field: 'frontmatter', ...p }));
  }
  const validate = validatorFor(schema);
  if (validate(source.data)) return [];
  return (validate.errors ?? []).map((error) => {
    const field = error.instancePath.split('/').filter(Boolean).join('.');
    const described = describe(error, field);
    return {
      file: source.file,
      line: source.lineOf(described.field),
      ...described,
      field: described.field || 'frontmatter',
    };
  });
}
