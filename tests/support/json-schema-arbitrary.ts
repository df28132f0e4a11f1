import fc from 'fast-check';

/** The part of JSON Schema that zod's `toJSONSchema` and the OpenAPI document use for our bodies. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
}

const MAX_ITEMS = 12;
const MAX_TEXT = 80;

/**
 * Values that match a schema ("valid" inputs): a fuzzer's way into the code behind validation, where the
 * interesting bugs are. Long or unbounded sizes are kept small so a run stays quick.
 */
export function validArbitrary(schema: JsonSchema, resolve: (ref: string) => JsonSchema = () => ({})): fc.Arbitrary<unknown> {
  if (schema.$ref) return validArbitrary(resolve(schema.$ref), resolve);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validArbitrary(choice, resolve)));
  if (schema.allOf?.length === 1) return validArbitrary(schema.allOf[0]!, resolve);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const base = types.filter((type) => type !== 'null');
  const nullable = schema.nullable === true || types.includes('null');
  const arbitrary = base.length === 0 && !schema.properties ? fc.jsonValue() : ofType(base[0] ?? 'object', schema, resolve);
  return nullable ? fc.option(arbitrary, { nil: null }) : arbitrary;
}

function ofType(type: string, schema: JsonSchema, resolve: (ref: string) => JsonSchema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number': {
      const min = bound(schema.minimum, schema.exclusiveMinimum, 1);
      const max = bound(schema.maximum, schema.exclusiveMaximum, -1);
      if (type === 'integer') return fc.integer({ min: Math.ceil(min ?? -1_000_000), max: Math.floor(max ?? 1_000_000) });
      return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((item) => validArbitrary(item, resolve)));
      return fc.array(validArbitrary(schema.items ?? {}, resolve), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, minLength + MAX_ITEMS)) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) record[key] = validArbitrary(property, resolve);
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
    }
    default:
      return fc.jsonValue();
  }
}

function bound(inclusive: number | undefined, exclusive: number | boolean | undefined, step: number): number | undefined {
  if (typeof exclusive === 'number') return exclusive + step * 1e-9 * Math.max(1, Math.abs(exclusive));
  return inclusive;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, minLength + MAX_TEXT));
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254));
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
      return fc.string({ minLength, maxLength, unit: 'grapheme' });
  }
}

/**
 * Anything but what the schema wants: wrong types, missing or extra fields, huge numbers, deep nesting,
 * control characters, prototype keys. Some draws will happen to be valid; that is fine.
 */
export function invalidArbitrary(schema: JsonSchema, resolve: (ref: string) => JsonSchema = () => ({})): fc.Arbitrary<unknown> {
  const weird = fc.oneof(
    fc.constantFrom(null, true, 0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', '\u0000', '\u202E', 'x'.repeat(5000), [], {}, { __proto__: { polluted: true } }, { constructor: { prototype: { polluted: true } } }),
    fc.anything({ maxDepth: 4 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
  const keys = Object.keys(schema.properties ?? {});
  if (schema.type !== 'object' || keys.length === 0) return weird;
  const mutated = validArbitrary(schema, resolve).chain((valid) =>
    fc.record({ key: fc.constantFrom(...keys), value: weird, drop: fc.boolean() }).map(({ key, value, drop }) => {
      const copy = { ...(valid as Record<string, unknown>) };
      if (drop) delete copy[key];
      else copy[key] = value;
      return copy;
    }),
  );
  return fc.oneof(weird, mutated);
}

/** OpenAPI 3.0's dialect (boolean exclusive bounds) as the JSON Schema draft that Ajv validates with. */
export function fromOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fromOpenApi30);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, fromOpenApi30(value)]));
  for (const [exclusive, inclusive] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (copy[exclusive] === true) {
      copy[exclusive] = copy[inclusive];
      delete copy[inclusive];
    } else if (copy[exclusive] === false) delete copy[exclusive];
  }
  // OpenAPI's `nullable` lets null through; an `enum` beside it must list null too for Ajv.
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  return copy;
}
