// The layer rules are lint errors, not hopes (ARCHITECTURE.md "Layers"): a deliberate violation
// in lib/ (importing server code) and in components/ (opening the database, running an
// operation) fails `npm run lint`, and the allowed shapes (a type import, a read model) pass.
import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

async function lint(relativeDir: string, source: string): Promise<string[]> {
  const file = path.join(root, relativeDir, `lint-probe-${randomBytes(4).toString("hex")}.ts`);
  await writeFile(file, source);
  try {
    const eslint = new ESLint({ cwd: root });
    const [result] = await eslint.lintFiles([file]);
    return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
  } finally {
    await rm(file, { force: true });
  }
}

describe("layer rules", () => {
  it.each([
    ["lib", 'import { getDb } from "../server/db/client.ts";\nexport const x = getDb;\n', /lib\/ is pure/],
    [
      "components",
      'import { getDb } from "@/server/db/client.ts";\nexport const x = getDb;\n',
      /never open the database/,
    ],
    [
      "components",
      'import { executeOperation } from "@/server/access/operation.ts";\nexport const x = executeOperation;\n',
      /do not run operations/,
    ],
    [
      "components",
      'import { trialOperations } from "@/server/trials/operations.ts";\nexport const x = trialOperations;\n',
      /do not run operations/,
    ],
  ])(
    "a %s file importing across the line fails lint",
    async (dir, source, message) => {
      const messages = await lint(dir, source);
      expect(messages.join("\n")).toMatch(message);
    },
    120_000,
  );

  it("type imports and read models are allowed in components/", async () => {
    const messages = await lint(
      "components",
      'import type { OperationResult } from "@/server/access/operation.ts";\nimport { loadGpuTrials } from "@/server/queries/gpu-trials.ts";\nexport type R = OperationResult<number>;\nexport const x = loadGpuTrials;\n',
    );
    expect(messages).toEqual([]);
  }, 120_000);
});
