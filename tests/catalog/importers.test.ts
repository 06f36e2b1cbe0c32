// The importer registry (lib/catalog/import-kinds.ts + server/catalog/importers.ts): every
// ImportKind a batch can be stored under has a source, each source an import function and
// its labels in both languages, and the CLI, the browser import and the sync dispatch through
// the registry instead of calling an importer themselves.
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { ImportKind } from "../../generated/prisma/enums.ts";
import {
  BROWSER_IMPORT_KINDS,
  IMPORT_BATCH_KINDS,
  IMPORT_SOURCES,
  browserAccept,
  guessImportKind,
  importCliOptions,
} from "../../lib/catalog/import-kinds.ts";
import { IMPORTERS } from "../../server/catalog/importers.ts";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const firstLine = (fixture: string) => read(`tests/catalog/fixtures/${fixture}`).split(/\r?\n/)[0] ?? "";

/** A dotted key in a messages file, or undefined. */
function message(locale: string, key: string): unknown {
  const messages = JSON.parse(read(`messages/${locale}.json`)) as Record<string, unknown>;
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

describe("the importer registry", () => {
  const kinds = Object.values(ImportKind).filter((k) => k !== "SEED");

  it("has a source for every ImportKind but SEED, and no kind the schema lacks", () => {
    // 6 kinds today: SKYPILOT NATIVE PROVIDER_FACTS GPU_SPECS MLPERF SPOT_ADVISOR.
    expect([...IMPORT_BATCH_KINDS].sort()).toEqual([...kinds].sort());
    for (const kind of kinds) {
      expect(
        IMPORT_SOURCES.find((s) => s.id === kind),
        `ImportKind ${kind} has no entry in lib/catalog/import-kinds.ts`,
      ).toBeDefined();
    }
    for (const source of IMPORT_SOURCES) expect(kinds).toContain(source.batchKind);
  });

  it("gives every source an import function, and every browser source one for files already read", () => {
    expect(Object.keys(IMPORTERS).sort()).toEqual(IMPORT_SOURCES.map((s) => s.id).sort());
    for (const source of IMPORT_SOURCES) {
      expect(typeof IMPORTERS[source.id].importTarget).toBe("function");
      if (source.browser) expect(typeof IMPORTERS[source.id].importFiles, source.id).toBe("function");
    }
  });

  it("names every source in both languages: its batch kind in the list, its form choice", () => {
    for (const locale of ["en", "zh-CN"]) {
      for (const source of IMPORT_SOURCES) {
        const key = `catalogImport.list.kinds.${source.batchKind}`;
        expect(typeof message(locale, key), `${locale} ${key}`).toBe("string");
      }
      for (const kind of BROWSER_IMPORT_KINDS) {
        const key = `catalogImport.form.kinds.${kind}`;
        expect(typeof message(locale, key), `${locale} ${key}`).toBe("string");
      }
    }
  });

  it("gives every source its own CLI flag", () => {
    const flags = IMPORT_SOURCES.map((s) => s.cli.flag);
    expect(new Set(flags).size).toBe(flags.length);
    expect(Object.keys(importCliOptions()).sort()).toEqual([...flags].sort());
    expect(importCliOptions().skypilot).toEqual({ type: "string", multiple: true });
  });

  it("offers the browser the five file sources, accepting CSV and JSON", () => {
    expect([...BROWSER_IMPORT_KINDS].sort()).toEqual([
      "GPU_SPECS",
      "MLPERF",
      "NATIVE",
      "PROVIDER_FACTS",
      "SKYPILOT",
    ]);
    expect(browserAccept()).toBe(".csv,.json,text/csv,application/json");
  });

  it.each([
    ["vms.csv", "good-vms.csv", "SKYPILOT"],
    ["aws-prices.csv", "good-vms.csv", "SKYPILOT"],
    ["summary.csv", "mlperf-summary.csv", "MLPERF"],
    ["facts.csv", "provider-facts.csv", "PROVIDER_FACTS"],
    ["specs.csv", "gpu-specs.csv", "GPU_SPECS"],
    ["offers.csv", "native-offers.csv", "NATIVE"],
  ] as const)("recognises %s with the header of %s as %s", (name, fixture, kind) => {
    expect(guessImportKind(name, firstLine(fixture))).toBe(kind);
  });

  // The dispatch sites: each resolves an importer through the registry, none calls one itself.
  const IMPORT_FUNCTIONS =
    /\bimport(Skypilot|NativeOffers|ProviderFacts|GpuSpecs|Mlperf|Epoch|SpotAdvisor)\b/;
  it.each([
    ["scripts/catalog-import.ts", "IMPORTERS["],
    ["server/catalog/ui-operations.ts", "fileImporter(input.kind)"],
    ["server/catalog/sync.ts", "fileImporter(kind)"],
    ["components/catalog/import-form.tsx", "BROWSER_IMPORT_KINDS.map"],
    ["app/catalog/imports/page.tsx", "BROWSER_IMPORT_KINDS.map"],
  ])("%s dispatches through the registry", (file, lookup) => {
    const text = read(file);
    expect(text).toContain(lookup);
    expect(text).not.toMatch(IMPORT_FUNCTIONS);
    expect(text).not.toMatch(/\["SKYPILOT", "NATIVE"/);
  });
});
