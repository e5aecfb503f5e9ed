import Ajv, { type ValidateFunction } from "ajv";
import fc from "fast-check";

/**
 * Schema-driven fuzzing of the API: fast-check arbitraries derived from the OpenAPI description the
 * server publishes (/api/docs.json), valid-shaped values and hostile ones, and the checks every answer
 * must pass. Used by tests/api/fuzz.test.ts.
 */

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI schemas are free-form JSON.
export type Schema = Record<string, any>;

export interface Operation {
  method: string;
  path: string;
  query: { name: string; required: boolean; schema: Schema }[];
  /** The JSON body's schema; "binary" for a body of raw bytes; undefined without a body. */
  body?: Schema | "binary";
  bodyRequired: boolean;
  security: string[];
  /** The documented 200 answer: its content type and, for JSON, its schema; other documented types. */
  ok: { contentType: string; schema?: Schema; otherTypes?: string[] };
}

/** The operations of an OpenAPI document, with $refs into components resolved. */
export function operationsOf(docs: Schema): Operation[] {
  const resolve = (s: Schema): Schema => {
    if (!s || typeof s !== "object") return s;
    if (Array.isArray(s)) return s.map(resolve) as unknown as Schema;
    if (typeof s.$ref === "string")
      return resolve(docs.components.schemas[s.$ref.split("/").pop() as string]);
    return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, resolve(v)]));
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(docs.paths as Schema)) {
    for (const [method, op] of Object.entries(methods as Schema)) {
      const content = op.requestBody?.content ?? {};
      const jsonBody = content["application/json"]?.schema;
      const okContents = Object.entries(op.responses?.["200"]?.content ?? {}) as [string, Schema][];
      const okContent = okContents[0];
      ops.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? [])
          .filter((p: Schema) => p.in === "query")
          .map((p: Schema) => ({ name: p.name, required: Boolean(p.required), schema: resolve(p.schema) })),
        body: jsonBody ? resolve(jsonBody) : Object.keys(content).length ? "binary" : undefined,
        bodyRequired: Boolean(op.requestBody?.required),
        security: (op.security ?? []).flatMap((s: Schema) => Object.keys(s)),
        ok: okContent
          ? {
              contentType: okContent[0],
              schema: okContent[0].includes("json") ? resolve(okContent[1].schema) : undefined,
              otherTypes: okContents.slice(1).map(([type]) => type),
            }
          : { contentType: "application/json" },
      });
    }
  }
  return ops;
}

/** A number written into the JSON text as is: 1e400 or 30 digits, which JSON.stringify cannot write. */
export class RawNumber {
  constructor(readonly text: string) {}
  toJSON() {
    return `__RAW_NUMBER__${this.text}__`;
  }
}

/** JSON text of a fuzzed value, with RawNumbers written out as bare numbers. */
export const toJsonText = (value: unknown): string =>
  (JSON.stringify(value) ?? "null").replace(/"__RAW_NUMBER__([^"]*?)__"/g, "$1");

const CONTROL = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("");
export const NASTY_STRINGS = [
  "",
  " ",
  "   ",
  "a".repeat(5000),
  "ż".repeat(5000),
  "😀🚗💨",
  "\u0000",
  "a\u0000b",
  CONTROL,
  "\u007f\u0085\u2028\u2029",
  "\uD800",
  "\uFEFF",
  "%",
  "%00",
  "%E0%A4%A",
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\\",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "9007199254740993",
  "2147483648",
  "true",
  "[]",
  "{}",
  "Zażółć gęślą jaźń",
  "ﷺ𒐫",
];
export const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  1.000001,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  -(2 ** 31) - 1,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];
const RAW_NUMBERS = ["1e400", "-1e400", "123456789012345678901234567890", "1.0", "-0", "0.1e1", "1E2"];

/** A value of any JSON type, leaning to the edge cases handlers forget. */
export const nasty = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((t) => new RawNumber(t)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        [],
        {},
        [1, 2, 3],
        ["a"],
        { a: 1 },
        [{}],
        [null],
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

/** Values that make handlers go past validation: known ids, plausible e-mails, phones, NIPs. */
export interface Hints {
  ids: number[];
  strings: Record<string, string[]>;
}

const hintFor = (name: string, hints: Hints): string[] | undefined => {
  const key = Object.keys(hints.strings).find((k) => new RegExp(k, "i").test(name));
  return key ? hints.strings[key] : undefined;
};

/**
 * An arbitrary of values for `schema`. With `hostility` 0 the values fit the schema; above it, each
 * leaf is replaced by a hostile value with that weight (1 in hostility+4), required fields go missing
 * and unknown ones appear.
 */
export function fuzzValue(
  schema: Schema | undefined,
  hints: Hints,
  hostility: number,
  name = "",
): fc.Arbitrary<unknown> {
  const leaf = (a: fc.Arbitrary<unknown>) =>
    hostility > 0 ? fc.oneof({ weight: 4, arbitrary: a }, { weight: hostility, arbitrary: nasty() }) : a;
  if (!schema || Object.keys(schema).filter((k) => k !== "description").length === 0)
    return leaf(fc.jsonValue({ maxDepth: 2 }));
  const nullable = (a: fc.Arbitrary<unknown>) => (schema.nullable ? fc.option(a, { nil: null, freq: 5 }) : a);
  if (schema.enum) return leaf(nullable(fc.constantFrom(...(schema.enum as unknown[]))));
  if (schema.const !== undefined) return leaf(fc.constant(schema.const));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fuzzValue(s, hints, hostility, name)));
  if (schema.allOf) {
    const merged: Schema = { type: "object", properties: {}, required: [] };
    for (const part of schema.allOf as Schema[]) {
      Object.assign(merged.properties, part.properties ?? {});
      merged.required.push(...(part.required ?? []));
    }
    return fuzzValue(merged, hints, hostility, name);
  }
  const type = schema.type ?? (schema.properties ? "object" : undefined);
  switch (type) {
    case "string": {
      const hinted = hintFor(name, hints);
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 40, 80);
      let base: fc.Arbitrary<string>;
      if (schema.format === "date-time")
        base = fc
          .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
          .map((d) => d.toISOString());
      else if (schema.pattern) {
        try {
          base = fc
            .stringMatching(new RegExp(schema.pattern))
            // Only the declared bounds: a pattern of 64 characters must not be cut to the default 40.
            .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
        } catch {
          base = fc.string({ minLength: min, maxLength: Math.max(max, min) });
        }
      } else base = fc.string({ unit: "grapheme", minLength: min, maxLength: Math.max(max, min) });
      const a = hinted ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted) }, base) : base;
      return leaf(nullable(a));
    }
    case "integer": {
      const lo = Math.max(
        (schema.minimum ?? -1_000_000) + (schema.exclusiveMinimum === true ? 1 : 0),
        Number.MIN_SAFE_INTEGER,
      );
      const hi = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
      const small = fc.integer({
        min: Math.max(lo, -1000),
        max: Math.max(Math.min(hi, 1_000_000), Math.max(lo, -1000)),
      });
      const ids = hints.ids.filter((n) => n >= lo && n <= hi);
      const parts: fc.Arbitrary<number>[] = [small, fc.integer({ min: lo, max: hi })];
      if (/id$/i.test(name) && ids.length) parts.unshift(fc.constantFrom(...ids), fc.constantFrom(...ids));
      return leaf(nullable(fc.oneof(...parts)));
    }
    case "number": {
      const min = schema.minimum ?? -1e9;
      const max = schema.maximum ?? 1e9;
      return leaf(
        nullable(
          fc.oneof(
            fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
            fc.double({
              min,
              max,
              noNaN: true,
              noDefaultInfinity: true,
              minExcluded: schema.exclusiveMinimum === true,
            }),
          ),
        ),
      );
    }
    case "boolean":
      return leaf(nullable(fc.boolean()));
    case "array": {
      const items = fuzzValue(schema.items, hints, hostility, name);
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      const arrays = fc.array(items, { minLength, maxLength });
      return hostility > 0
        ? fc.oneof(
            { weight: 6, arbitrary: arrays },
            { weight: 1, arbitrary: nasty() },
            { weight: 1, arbitrary: fc.array(items, { minLength: 25, maxLength: 30 }) },
          )
        : nullable(arrays);
    }
    case "object": {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>(schema.required ?? []);
      const model = Object.fromEntries(
        Object.entries(props).map(([k, s]) => [k, fuzzValue(s, hints, hostility, k)]),
      );
      let record: fc.Arbitrary<Record<string, unknown>> = fc.record(model, {
        requiredKeys: hostility > 0 ? [] : [...required].filter((k) => k in model),
      });
      if (hostility === 0 && !Object.keys(props).length && schema.additionalProperties)
        record = fc.dictionary(
          fc.string({ maxLength: 10 }),
          fuzzValue(schema.additionalProperties === true ? {} : schema.additionalProperties, hints, 0),
        );
      if (hostility > 0) {
        // Required fields kept most of the time (so the next field's checks run), unknown ones added.
        record = fc
          .tuple(
            fc.record(model, { requiredKeys: [...required].filter((k) => k in model) }),
            fc.record(model, { requiredKeys: [] }),
            fc.dictionary(
              fc.constantFrom("__proto__", "constructor", "x", "ErrorCode", "Id", "id"),
              nasty(),
              { maxKeys: 2 },
            ),
            fc.nat(9),
          )
          .map(([full, partial, extra, pick]) =>
            pick < 6 ? full : pick < 8 ? partial : { ...full, ...extra },
          );
        return fc.oneof({ weight: 8, arbitrary: record }, { weight: 1, arbitrary: nasty() });
      }
      return nullable(record);
    }
    default:
      return leaf(fc.jsonValue({ maxDepth: 2 }));
  }
}

/** Checks JSON answers against the documented schemas (OpenAPI 3.0 keywords turned into JSON Schema). */
export function answerValidator() {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const toJsonSchema = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(toJsonSchema);
    if (!s || typeof s !== "object") return s;
    const out: Schema = {};
    for (const [k, v] of Object.entries(s as Schema)) out[k] = toJsonSchema(v);
    if (out.exclusiveMinimum === true) {
      out.exclusiveMinimum = out.minimum;
      delete out.minimum;
    } else if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
    if (out.exclusiveMaximum === true) {
      out.exclusiveMaximum = out.maximum;
      delete out.maximum;
    } else if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
    return out;
  };
  const cache = new Map<Schema, ValidateFunction>();
  return (schema: Schema, value: unknown): string | null => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema) as Schema);
      cache.set(schema, validate);
    }
    if (validate(value)) return null;
    return ajv.errorsText(validate.errors);
  };
}
