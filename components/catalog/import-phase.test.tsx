// The catalog import's progress and status line for each phase: a determinate bar while
// reading, an indeterminate one with the seconds (outside the live region) while importing,
// and the outcome with a link to the stored report.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { ImportFormLabels } from "@/components/catalog/import-form.tsx";
import { ImportProgress, ImportStatusLine } from "@/components/catalog/import-phase.tsx";
import type { ImportPhase } from "@/components/catalog/use-catalog-import.ts";
import en from "@/messages/en.json";

const labels: ImportFormLabels = en.catalogImport.form;
const html = (node: ReactNode) => renderToStaticMarkup(node);
const outcome = { batchId: "b1", rowsRead: 1200, rowsImported: 1190, rowsRejected: 10, message: null };

describe("import phase", () => {
  it.each<[string, ImportPhase, string[], string[]]>([
    ["idle", { kind: "idle" }, [], ["<progress", "Open the report"]],
    ["reading", { kind: "reading", percent: 42 }, ['value="42"', "Reading the file… 42%"], ["s elapsed"]],
    [
      "importing rows",
      { kind: "importing", rows: 1200, started: 0 },
      ['<progress aria-label="Importing…">', "7 s elapsed", "Importing 1,200 rows…"],
      ["Open the report"],
    ],
    [
      "importing json",
      { kind: "importing", rows: null, started: 0 },
      ['data-testid="catalog-import-status">Importing… </p>'],
      ["rows…"],
    ],
    [
      "succeeded",
      { kind: "done", outcome: { ...outcome, status: "SUCCEEDED" } },
      ["1,200 rows read, 1,190 imported, 10 rejected.", 'href="/catalog/imports/b1"'],
      ["<progress", "Nothing was imported"],
    ],
    [
      "failed",
      { kind: "done", outcome: { ...outcome, status: "FAILED", message: "bad header" } },
      ["Nothing was imported: bad header", "Open the report"],
      ["rows read"],
    ],
  ])("%s", (_name, phase, present, absent) => {
    const out =
      html(<ImportProgress labels={labels} phase={phase} seconds={7} />) +
      html(<ImportStatusLine labels={labels} phase={phase} />);
    for (const s of present) expect(out).toContain(s);
    for (const s of absent) expect(out).not.toContain(s);
  });

  it("keeps the seconds out of the polite status line", () => {
    const status = html(
      <ImportStatusLine labels={labels} phase={{ kind: "importing", rows: 5, started: 0 }} />,
    );
    expect(status).toContain('aria-live="polite"');
    expect(status).not.toContain("elapsed");
  });
});
