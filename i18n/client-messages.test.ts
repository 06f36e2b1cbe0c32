import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import en from "../messages/en.json";
import { chainTo, isClientModule, walkImports } from "../tests/helpers/import-graph.ts";
import { CLIENT_NAMESPACES, pickMessages, SECTION_NAMESPACES } from "./client-messages.ts";

const ROOT = path.resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("pickMessages", () => {
  it("keeps only the namespaces asked for, nested paths included", () => {
    const messages = { a: { x: "1" }, b: { error: { y: "2" }, other: "3" }, c: "4" };
    expect(pickMessages(messages, ["a", "b.error", "missing"])).toEqual({
      a: { x: "1" },
      b: { error: { y: "2" } },
    });
  });

  it("picks from the real catalog", () => {
    expect(pickMessages(en, ["preferences"])).toEqual({ preferences: en.preferences });
  });
});

/** The namespaces a client component's useTranslations() calls read. */
function clientNamespaces(text: string): string[] {
  return [...text.matchAll(/useTranslations\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] as string);
}

const covers = (sent: readonly string[], ns: string) => sent.some((c) => ns === c || ns.startsWith(`${c}.`));

/** Route files under a section's folder are inside its ClientMessages; other entries start one. */
const SECTION_FOLDERS: Partial<Record<keyof typeof SECTION_NAMESPACES, string>> = {
  matrix: "app/matrix/",
  alerts: "app/alerts/",
};
const SECTION_ENTRIES: Record<string, keyof typeof SECTION_NAMESPACES> = {
  "components/watches/watch-scenario-button.tsx": "scenarioReport",
};

describe("client components", () => {
  it("never call useTranslations() without a namespace", () => {
    for (const dir of ["app", "components"]) {
      for (const file of sourceFiles(path.join(ROOT, dir))) {
        const text = readFileSync(file, "utf8");
        if (!isClientModule(text)) continue;
        expect(text, `${file}: useTranslations() without a namespace`).not.toMatch(/useTranslations\(\s*\)/);
      }
    }
  });

  it("only use namespaces their page sends (the root's, plus their section's)", () => {
    const routeFiles = sourceFiles(path.join(ROOT, "app")).filter((f) =>
      /\/(page|layout|error|not-found|loading|template|global-error)\.tsx$/.test(f),
    );
    expect(routeFiles.length).toBeGreaterThan(20);
    const problems: string[] = [];
    let checked = 0;
    const walkFrom = (entry: string, sent: readonly string[]) => {
      const parents = walkImports(entry, (file, text) => {
        const rel = path.relative(ROOT, file);
        const section = SECTION_ENTRIES[rel];
        if (file !== entry && section) {
          walkFrom(file, [...CLIENT_NAMESPACES, ...SECTION_NAMESPACES[section]]);
          return false;
        }
        if (!isClientModule(text)) return;
        for (const ns of clientNamespaces(text)) {
          checked++;
          if (!covers(sent, ns))
            problems.push(`"${ns}" is not sent to ${chainTo(file, parents).join(" <- ")}`);
        }
      });
    };
    for (const file of routeFiles) {
      const rel = path.relative(ROOT, file);
      const section = (Object.keys(SECTION_FOLDERS) as (keyof typeof SECTION_NAMESPACES)[]).find((k) =>
        rel.startsWith(SECTION_FOLDERS[k]!),
      );
      walkFrom(file, section ? [...CLIENT_NAMESPACES, ...SECTION_NAMESPACES[section]] : CLIENT_NAMESPACES);
    }
    expect(checked).toBeGreaterThan(20);
    expect([...new Set(problems)]).toEqual([]);
  });

  it("a section's folder is wrapped in its ClientMessages", () => {
    expect(readFileSync(path.join(ROOT, "app/matrix/layout.tsx"), "utf8")).toMatch(
      /<ClientMessages section="matrix">/,
    );
    expect(readFileSync(path.join(ROOT, "app/alerts/page.tsx"), "utf8")).toMatch(
      /<ClientMessages section="alerts">/,
    );
    expect(readFileSync(path.join(ROOT, "app/scenarios/[scenarioId]/report/page.tsx"), "utf8")).toMatch(
      /<ClientMessages section="scenarioReport">\s*<WatchScenarioButton/,
    );
  });
});
