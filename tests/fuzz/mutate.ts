// "Valid-ish" inputs: a known-good example with one leaf (or one key) replaced by a boundary
// value or junk, so the fuzz reaches deep paths that random structure almost never validates.
import fc from "fast-check";

import { BOUNDARY_NUMBERS, junk, PROTO_KEYS, WEIRD_STRINGS } from "./zod-arbitrary.ts";

type Path = (string | number)[];

function leafPaths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => leafPaths(v, [...path, i], out));
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) leafPaths(v, [...path, k], out);
  return out;
}

function cloneWith(value: unknown, path: Path, replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    copy[head as number] = cloneWith(copy[head as number], rest, replace);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = cloneWith(copy[head as string], rest, replace);
  return copy;
}

/** A value to put in place of a leaf. */
function replacement(nonJson: boolean): fc.Arbitrary<(old: unknown) => unknown> {
  const value = fc.oneof(
    fc.constantFrom<unknown>(...BOUNDARY_NUMBERS),
    fc.constantFrom<unknown>(...WEIRD_STRINGS),
    fc.double({ noNaN: !nonJson, noDefaultInfinity: !nonJson }),
    fc.integer(),
    junk(nonJson),
  );
  return fc.oneof(
    { arbitrary: value.map((v) => () => v), weight: 6 },
    // The same value in an array (array where a scalar is expected), or a number as a string.
    { arbitrary: fc.constant((old: unknown) => [old, old]), weight: 1 },
    { arbitrary: fc.constant((old: unknown) => (typeof old === "number" ? String(old) : old)), weight: 1 },
    { arbitrary: fc.constant((old: unknown) => (typeof old === "number" ? -old : old)), weight: 1 },
    { arbitrary: fc.constant(() => undefined), weight: 1 },
  );
}

/** One example, untouched (1 in 5) or with one leaf replaced or one key added. */
export function mutated(examples: readonly unknown[], nonJson = false): fc.Arbitrary<unknown> {
  if (examples.length === 0) return junk(nonJson);
  return fc
    .tuple(
      fc.constantFrom(...examples),
      fc.nat(),
      fc.oneof(
        { arbitrary: fc.constant<"keep">("keep"), weight: 1 },
        { arbitrary: fc.constant<"leaf">("leaf"), weight: 4 },
        { arbitrary: fc.constant<"key">("key"), weight: 1 },
      ),
      replacement(nonJson),
      fc.constantFrom("extra", ...PROTO_KEYS),
      junk(nonJson),
    )
    .map(([example, pick, mode, replace, key, extra]) => {
      if (mode === "keep") return example;
      const paths = leafPaths(example);
      const path = paths[pick % paths.length]!;
      if (mode === "leaf") return cloneWith(example, path, replace);
      return cloneWith(example, path, (old) => {
        if (typeof old !== "object" || old === null || Array.isArray(old)) return old;
        const copy = { ...(old as Record<string, unknown>) };
        Object.defineProperty(copy, key, {
          value: extra,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        return copy;
      });
    });
}
