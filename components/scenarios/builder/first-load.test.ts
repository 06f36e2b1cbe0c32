// The scenario builder's first-load JavaScript stays free of zod (31 KB gzip): the form's
// modules import limits and vocabularies from zod-free modules (lib/scenarios/document-core.ts,
// lib/tco/constants.ts), and validation and in-browser pricing arrive through engine.ts's
// import(). This walks the static import graph from the builder the way the bundler does
// (type-only imports are erased; a "use server" module is a reference, not its code; import()
// is a separate chunk) and fails when any module reached imports zod.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../../..");

function resolveSpecifier(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.join(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every static, value-carrying import of a module: [specifier]. */
function valueImports(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+["']([^"']+)["']/gms)) {
    if (m[1]) continue;
    const names = /^\{([^}]*)\}$/.exec((m[2] ?? "").trim());
    const allTypes =
      names !== null &&
      names[1]!
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith("type "));
    if (!allTypes) specs.push(m[3]!);
  }
  return specs;
}

/** The chain from the entry to the first module importing zod, or null when none does. */
function zodChain(entry: string): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const text = readFileSync(file, "utf8");
    if (file !== entry && /^\s*["']use server["']/.test(text)) continue;
    for (const spec of valueImports(text)) {
      if (spec === "zod" || spec.startsWith("zod/")) {
        const chain = [file];
        for (let p = parent.get(file); p; p = parent.get(p)) chain.push(p);
        return chain.map((f) => path.relative(ROOT, f));
      }
      const next = resolveSpecifier(file, spec);
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

describe("the scenario builder's first load", () => {
  it("reaches no module that imports zod", () => {
    const entry = path.join(ROOT, "components/scenarios/builder/scenario-builder.tsx");
    expect(zodChain(entry)).toBeNull();
  });

  it("the walk finds zod where it is (the engine the builder loads later)", () => {
    const engine = path.join(ROOT, "components/scenarios/builder/engine-module.ts");
    expect(zodChain(engine)).not.toBeNull();
  });

  it("reads type-only and value imports apart", () => {
    expect(valueImports('import type { A } from "zod";\nimport { type B, type C } from "./x.ts";')).toEqual(
      [],
    );
    expect(valueImports('import {\n  a,\n  type B,\n} from "./x.ts";\nexport { c } from "./y.ts";')).toEqual([
      "./x.ts",
      "./y.ts",
    ]);
  });
});
