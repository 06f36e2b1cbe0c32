// Structure-aware fuzz inputs: walks a zod 4 schema and builds a fast-check arbitrary whose
// values are mostly the right shape (so a good share passes validation and reaches the
// database) but lean on boundaries — 0, -0, negatives, 1e308, the smallest double, bounds ± a
// hair, empty and oversized strings, Chinese text, emoji, control characters — and now and
// then put junk where a value should be (an array for a scalar, a prototype key, deep nesting).
// Real ids, slugs and tokens come from `hints` so that references resolve.
import fc from "fast-check";
import type { z } from "zod";

export interface FuzzHints {
  /** Real ids/tokens, read at generation time (the pool may grow while the fuzz runs). */
  ids: () => readonly string[];
  /** Real values for a given object key (e.g. `gpu: ["h100-sxm-80gb"]`, `output: [nvidia-smi text]`). */
  byKey?: Record<string, readonly unknown[]>;
  /** NaN, ±Infinity, undefined, Dates and BigInts too (server actions can receive them; JSON cannot). */
  nonJson?: boolean;
}

const MAX_DEPTH = 8;

type WeightedArbitrary<T> = { arbitrary: fc.Arbitrary<T>; weight: number };

export const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"] as const;

export const WEIRD_STRINGS = [
  "",
  " ",
  "   padded   ",
  "北京 H100 测试",
  "中文名称",
  "🚀🔥",
  "\u0000",
  "\u202e reversed",
  "\ud800",
  "<script>alert(1)</script>",
  '\'; DROP TABLE "User"; --',
  "%00%ZZ%E4",
  "../../etc/passwd",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e308",
  "-0",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "a,b,,c",
] as const;

export const BOUNDARY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  0.1 + 0.2,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  2 ** 32 + 1,
  1e15,
  1e-9,
] as const;

const NON_FINITE = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY] as const;

/** A little junk that can stand where any value should. */
export function junk(nonJson = false): fc.Arbitrary<unknown> {
  const base: fc.Arbitrary<unknown>[] = [
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, "", "x", [], {}, [null], { "": "" }),
    fc.constantFrom(...WEIRD_STRINGS),
    fc.jsonValue({ maxDepth: 2 }),
    deeplyNested(),
    protoObject(fc.jsonValue({ maxDepth: 1 })),
  ];
  if (nonJson) {
    base.push(
      fc.constantFrom<unknown>(...NON_FINITE, undefined, new Date(Number.NaN), 10n ** 30n, Symbol.for("x")),
      fc.anything({ maxDepth: 2, withDate: true, withMap: true, withSet: true, withBigInt: true }),
    );
  }
  return fc.oneof(...base);
}

/** [[[[…]]]] or {"a":{"a":…}} a few hundred levels deep. */
export function deeplyNested(): fc.Arbitrary<unknown> {
  return fc.tuple(fc.integer({ min: 20, max: 600 }), fc.boolean()).map(([depth, arrays]) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
    return value;
  });
}

/** An object with own "__proto__" / "constructor" keys (as JSON.parse would make them). */
export function protoObject(value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(fc.subarray([...PROTO_KEYS], { minLength: 1 }), value).map(([keys, v]) => {
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      Object.defineProperty(out, key, {
        value: key === "__proto__" ? { polluted: true, isAdmin: true } : v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  });
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

function numberArbitrary(schema: unknown, hints: FuzzHints): fc.Arbitrary<number> {
  const s = schema as { minValue?: number | null; maxValue?: number | null; isInt?: boolean };
  const lo = typeof s.minValue === "number" && Number.isFinite(s.minValue) ? s.minValue : -1e6;
  const hi = typeof s.maxValue === "number" && Number.isFinite(s.maxValue) ? s.maxValue : 1e6;
  const edges = [lo, hi, lo + 1, hi - 1, lo - 1, hi + 1, lo + 1e-9, hi - 1e-9, lo - 1e-9, hi + 1e-9];
  const inRange = s.isInt
    ? fc.integer({ min: Math.ceil(Math.max(lo, -(2 ** 31))), max: Math.floor(Math.min(hi, 2 ** 31)) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  const options: fc.Arbitrary<number>[] = [
    inRange,
    inRange,
    inRange,
    fc.constantFrom(...edges),
    fc.constantFrom(...BOUNDARY_NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  ];
  if (hints.nonJson) options.push(fc.constantFrom(...NON_FINITE));
  return fc.oneof(...options);
}

function stringArbitrary(schema: unknown, key: string | undefined, hints: FuzzHints): fc.Arbitrary<string> {
  const s = schema as { minLength?: number | null; maxLength?: number | null; format?: string | null };
  const max = typeof s.maxLength === "number" ? s.maxLength : 200;
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const realId = fc.nat().map((i) => {
    const ids = hints.ids();
    return ids.length > 0 ? ids[i % ids.length]! : "no-ids-yet";
  });
  const options: WeightedArbitrary<string>[] = [
    { arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }), weight: 3 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: Math.min(max, 20) }), weight: 1 },
    { arbitrary: fc.constantFrom(...WEIRD_STRINGS), weight: 2 },
    // Just over the limit, and far over it.
    {
      arbitrary: fc.constantFrom("x".repeat(max + 1), "界".repeat(Math.min(max * 4 + 8, 300_000))),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom("x".repeat(Math.max(min, 1)), "x".repeat(Math.min(max, 10_000))),
      weight: 1,
    },
  ];
  if (s.format === "email" || (key && /email/i.test(key))) {
    options.push({ arbitrary: fc.emailAddress(), weight: 6 });
  }
  if (key && /(id|ids|token)$/i.test(key)) options.push({ arbitrary: realId, weight: 12 });
  else options.push({ arbitrary: realId, weight: 1 });
  return fc.oneof(...options);
}

function fromKeyHints(key: string | undefined, hints: FuzzHints): fc.Arbitrary<unknown> | undefined {
  const values = key ? hints.byKey?.[key] : undefined;
  return values && values.length > 0 ? fc.constantFrom(...values) : undefined;
}

/**
 * The arbitrary for `schema`. `key` is the object key the value sits under (used for hints);
 * `junkWeight` is how often a node is replaced by junk (per node, so keep it small).
 */
export function arbitraryFor(
  schema: z.ZodType,
  hints: FuzzHints,
  key?: string,
  depth = 0,
  junkWeight = 1,
): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema, hints, key, depth);
  const hinted = fromKeyHints(key, hints);
  const options: WeightedArbitrary<unknown>[] = [{ arbitrary: shaped, weight: 40 }];
  if (hinted) options.push({ arbitrary: hinted, weight: 20 });
  if (junkWeight > 0) options.push({ arbitrary: junk(hints.nonJson), weight: junkWeight });
  return fc.oneof(...options);
}

function shapedFor(
  schema: z.ZodType,
  hints: FuzzHints,
  key: string | undefined,
  depth: number,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(undefined);
  const def = defOf(schema);
  const inner = (s: unknown, k = key) => arbitraryFor(s as z.ZodType, hints, k, depth + 1);
  switch (def.type) {
    case "string":
      return stringArbitrary(schema, key, hints);
    case "number":
      return numberArbitrary(schema, hints);
    case "int":
      return numberArbitrary(schema, hints);
    case "bigint":
      return hints.nonJson ? fc.bigInt() : fc.integer();
    case "boolean":
      return fc.boolean();
    case "date":
      return hints.nonJson
        ? fc.date()
        : fc.date().map((d) => (Number.isNaN(d.getTime()) ? "x" : d.toISOString()));
    case "null":
      return fc.constant(null);
    case "undefined":
      return fc.constant(undefined);
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "enum": {
      const values = Object.values(def.entries as Record<string, string | number>);
      const options: fc.Arbitrary<unknown>[] = [fc.constantFrom(...values), fc.constantFrom(...values)];
      options.push(fc.constantFrom(...values).map((v) => (typeof v === "string" ? v.toLowerCase() : -v)));
      return fc.oneof(...options);
    }
    case "optional":
    case "default":
    case "prefault":
      return fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 1 },
        { arbitrary: inner(def.innerType), weight: 3 },
      );
    case "nullable":
      return fc.oneof(
        { arbitrary: fc.constant(null), weight: 1 },
        { arbitrary: inner(def.innerType), weight: 3 },
      );
    case "nonoptional":
    case "readonly":
    case "catch":
    case "success":
      return shapedFor(def.innerType as z.ZodType, hints, key, depth);
    case "pipe":
      return shapedFor(def.in as z.ZodType, hints, key, depth);
    case "lazy":
      return shapedFor((def.getter as () => z.ZodType)(), hints, key, depth + 1);
    case "union":
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => shapedFor(o, hints, key, depth + 1)));
    case "intersection":
      return fc
        .tuple(
          shapedFor(def.left as z.ZodType, hints, key, depth + 1),
          shapedFor(def.right as z.ZodType, hints, key, depth + 1),
        )
        .map(([a, b]) => (isPlainObject(a) && isPlainObject(b) ? { ...a, ...b } : a));
    case "array": {
      const s = schema as { _zod: { bag?: { minimum?: number; maximum?: number } } };
      const minLength = Math.min(s._zod.bag?.minimum ?? 0, 4);
      const maxLength = Math.max(minLength, Math.min(s._zod.bag?.maximum ?? 4, 4));
      return fc.array(inner(def.element, key), { minLength, maxLength });
    }
    case "tuple":
      return fc.tuple(...(def.items as z.ZodType[]).map((item) => inner(item)));
    case "set":
      return hints.nonJson
        ? fc.array(inner(def.valueType), { maxLength: 3 }).map((a) => new Set(a))
        : fc.array(inner(def.valueType), { maxLength: 3 });
    case "record":
    case "map":
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...PROTO_KEYS)),
        inner(def.valueType),
        { maxKeys: 3 },
      );
    case "object":
      return objectArbitrary(def.shape as Record<string, z.ZodType>, hints, depth);
    case "any":
    case "unknown":
      return fc.jsonValue({ maxDepth: 2 });
    default:
      // transform, custom, function, symbol, … : anything goes.
      return junk(hints.nonJson);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function objectArbitrary(
  shape: Record<string, z.ZodType>,
  hints: FuzzHints,
  depth: number,
): fc.Arbitrary<unknown> {
  const keys = Object.keys(shape);
  const fields = fc.record(
    Object.fromEntries(keys.map((k) => [k, arbitraryFor(shape[k]!, hints, k, depth + 1)])),
  );
  // Now and then: a required key dropped, or an unknown / prototype key added.
  const mutation = fc.oneof(
    { arbitrary: fc.constant<null>(null), weight: 12 },
    { arbitrary: fc.record({ drop: fc.constantFrom(...(keys.length ? keys : ["x"])) }), weight: 1 },
    {
      arbitrary: fc.record({
        add: fc.constantFrom("extra", "", ...PROTO_KEYS),
        value: junk(hints.nonJson),
      }),
      weight: 1,
    },
  );
  return fc.tuple(fields, mutation).map(([record, change]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) if (v !== undefined || hints.nonJson) out[k] = v;
    if (change && "drop" in change) delete out[change.drop];
    if (change && "add" in change) {
      Object.defineProperty(out, change.add, {
        value: change.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  });
}

/** Every number in `value` (nested, cycles tolerated), with its path, that is not finite. */
export function nonFiniteNumbers(value: unknown, path = "$", seen = new Set<unknown>()): string[] {
  if (typeof value === "number") return Number.isFinite(value) ? [] : [`${path} = ${String(value)}`];
  if (typeof value !== "object" || value === null || seen.has(value)) return [];
  seen.add(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? [`${path} = Invalid Date`] : [];
  const out: string[] = [];
  if (value instanceof Map) {
    for (const [k, v] of value) out.push(...nonFiniteNumbers(v, `${path}.${String(k)}`, seen));
    return out;
  }
  if (value instanceof Set) {
    for (const v of value) out.push(...nonFiniteNumbers(v, `${path}[]`, seen));
    return out;
  }
  for (const [k, v] of Object.entries(value)) out.push(...nonFiniteNumbers(v, `${path}.${k}`, seen));
  return out;
}

/** NaN / Infinity written as bare tokens in JSON or CSV text (string literals are ignored). */
export function nonFiniteTokens(text: string): string[] {
  const outsideStrings = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return outsideStrings.match(/(?<![A-Za-z0-9_])-?(?:NaN|Infinity)(?![A-Za-z0-9_])/g) ?? [];
}

/** The fast-check settings of every fuzz property: FUZZ_RUNS (default 10,000) and FUZZ_SEED. */
export function fuzzSettings(label: string): { numRuns: number; seed: number } {
  const numRuns = Number(process.env.FUZZ_RUNS ?? 10_000);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isSafeInteger(numRuns) || numRuns < 1) throw new Error(`FUZZ_RUNS must be a positive integer`);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer`);
  console.log(`[fuzz] ${label}: ${numRuns} runs, seed ${seed} (rerun with FUZZ_SEED=${seed})`);
  return { numRuns, seed };
}
