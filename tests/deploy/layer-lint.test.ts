// The layer rules are lint errors, not hopes (ARCHITECTURE.md "Layers"): a deliberate violation
// in lib/ (importing server code), in components/ (opening the database, running an operation)
// and in a page or layout (opening the database) fails `npm run lint`, and the allowed shapes (a
// type import, a read model) pass.
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

async function lint(relativeDir: string, source: string): Promise<string[]> {
  const file = path.join(root, relativeDir, `lint-probe-${randomBytes(4).toString("hex")}.ts`);
  await writeFile(file, source);
  try {
    return await restrictedImports(file);
  } finally {
    await rm(file, { force: true });
  }
}

/** Lints `source` as app/<probe>/<name> (page.tsx, layout.tsx: the rule is by file name). */
async function lintRoute(name: string, source: string): Promise<string[]> {
  const dir = path.join(root, "app", `lint-probe-${randomBytes(4).toString("hex")}`);
  await mkdir(dir);
  try {
    const file = path.join(dir, name);
    await writeFile(file, source);
    return await restrictedImports(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function restrictedImports(file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
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

  it.each([
    ["page.tsx", 'import { getDb } from "@/server/db/client.ts";\nexport const x = getDb;\n'],
    ["layout.tsx", 'import { getDb } from "@/server/db/client.ts";\nexport const x = getDb;\n'],
    [
      "page.tsx",
      'import { executeOperation } from "@/server/access/operation.ts";\nexport const x = executeOperation;\n',
    ],
  ])(
    "an app/**/%s opening the database or running an operation fails lint",
    async (name, source) => {
      const messages = await lintRoute(name, source);
      expect(messages.join("\n")).toMatch(/read through server\/queries/);
    },
    120_000,
  );

  it("a page reading through server/queries, and a route handler opening the database, pass", async () => {
    expect(
      await lintRoute(
        "page.tsx",
        'import { listTrials } from "@/server/queries/trials.ts";\nexport const x = listTrials;\n',
      ),
    ).toEqual([]);
    expect(
      await lintRoute(
        "route.ts",
        'import { getDb } from "@/server/db/client.ts";\nexport const x = getDb;\n',
      ),
    ).toEqual([]);
  }, 120_000);
});
