// The scenario builder's first-load JavaScript stays free of zod (31 KB gzip): the form's
// modules import limits and vocabularies from zod-free modules (lib/scenarios/document-core.ts,
// lib/tco/constants.ts), and validation and in-browser pricing arrive through engine.ts's
// import(). This walks the static import graph from the builder the way the bundler does
// (type-only imports are erased; a "use server" module is a reference, not its code; import()
// is a separate chunk) and fails when any module reached imports zod.
import path from "node:path";

import { describe, expect, it } from "vitest";

import { chainTo, ROOT, valueImports, walkImports } from "../../../tests/helpers/import-graph.ts";

/** The chain from the entry to the first module importing zod, or null when none does. */
function zodChain(entry: string): string[] | null {
  let found: string[] | null = null;
  walkImports(
    entry,
    () => found === null,
    (file, spec, parents) => {
      if (found === null && (spec === "zod" || spec.startsWith("zod/"))) found = chainTo(file, parents);
    },
  );
  return found;
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
