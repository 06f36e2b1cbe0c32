// The manage panel and the version comparison rendered to HTML with the report fixture, in
// both languages: versions newest first with the open one marked, changed parts in words,
// editors' controls only for editors, and the comparison's changed inputs and result rows.
import { createTranslator, NextIntlClientProvider } from "next-intl";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime.js";
import type { ComponentProps, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { fixtureDocument, fixtureResult } from "../fixtures/scenario-result.ts";
import { VersionComparison } from "@/components/scenarios/compare/version-compare.tsx";
import { ScenarioManagePanel } from "@/components/scenarios/manage/manage-panel.tsx";
import { diffDocuments } from "@/lib/scenarios/diff.ts";
import type { ScenarioView, ScenarioVersionsComparison } from "@/lib/scenarios/views.ts";
import enCommon from "@/messages/en.json";
import enScenarios from "@/messages/en/scenarios.json";
import enTco from "@/messages/en/tco.json";
import zhCommon from "@/messages/zh-CN.json";
import zhScenarios from "@/messages/zh-CN/scenarios.json";
import zhTco from "@/messages/zh-CN/tco.json";

const MESSAGES = {
  en: { scenarios: enScenarios, tco: enTco, operationError: enCommon.operationError },
  "zh-CN": { scenarios: zhScenarios, tco: zhTco, operationError: zhCommon.operationError },
};
type Locale = keyof typeof MESSAGES;

const router = { push() {}, replace() {}, refresh() {}, back() {}, forward() {}, prefetch() {} };

function wrap(locale: Locale, children: ReactNode) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC">
      <AppRouterContext.Provider value={router as never}>{children}</AppRouterContext.Provider>
    </NextIntlClientProvider>,
  );
}

const header = {
  id: "scn1",
  name: "7B LoRA",
  description: null,
  teamId: "team1",
  teamName: "ML team",
  personal: false,
  latestVersion: 3,
  shortlist: null,
  canEdit: true,
  createdAt: "2026-11-28T10:00:00Z",
  updatedAt: "2026-11-30T10:00:00Z",
};

const v2Document = {
  ...fixtureDocument,
  budget: 5000,
  storage: { ...fixtureDocument.storage, blockGb: 900 },
};

function view(canEdit: boolean): ScenarioView {
  return {
    scenario: { ...header, canEdit },
    versions: [
      {
        version: 3,
        note: "more storage",
        changes: [
          "workload.tokens",
          "storage.blockGb",
          "offers[catalog:x]",
          "spot.restartMinutes",
          "data.egressGb",
          "budget",
          "sla.delayCostPerHour",
        ],
        createdAt: "2026-11-30T10:00:00Z",
        createdBy: "Ada",
      },
      { version: 2, note: null, changes: [], createdAt: "2026-11-29T10:00:00Z", createdBy: "Bo" },
      { version: 1, note: null, changes: [], createdAt: "2026-11-28T10:00:00Z", createdBy: "Ada" },
    ],
    current: {
      version: 2,
      note: null,
      changes: [],
      createdAt: "2026-11-29T10:00:00Z",
      createdBy: "Bo",
      document: fixtureDocument,
      result: fixtureResult,
    },
    checklist: null,
    shortlists: [{ id: "sl1", name: "December GPUs" }],
  };
}

function panel(locale: Locale, canEdit: boolean) {
  const props: ComponentProps<typeof ScenarioManagePanel> = {
    view: view(canEdit),
    clientProps: { locale, messages: MESSAGES[locale] },
  };
  return wrap(locale, <ScenarioManagePanel {...props} />);
}

describe("ScenarioManagePanel", () => {
  it("lists versions newest first, marks the open one and says what changed", () => {
    const html = panel("en", true);
    const versions = [...html.matchAll(/data-testid="scenario-version"[^>]*>.*?Version (\d+)/g)].map(
      (m) => m[1],
    );
    expect(versions).toEqual(["3", "2", "1"]);
    expect(html).toMatch(/aria-current="true"[^>]*data-testid="scenario-version"[^>]*>.*?Version 2/);
    expect(html).toContain("Changed: workload, storage, offers, spot assumptions, data transfer, +2 more");
    expect(html).toContain('href="/scenarios/scn1/report?v=3"');
    expect(html).toContain('href="/scenarios/scn1"'); // open the latest
    expect(html).toContain('action="/scenarios/scn1/compare"');
    expect(html).toMatch(/name="a"[^>]*>.*?<option value="1" selected/);
    for (const id of ["scenario-rename", "scenario-attach", "scenario-duplicate", "scenario-delete"]) {
      expect(html).toContain(`data-testid="${id}"`);
    }
    expect(html).toContain('value="Copy of 7B LoRA"');
  });

  it("shows readers the versions and links only", () => {
    const html = panel("zh-CN", false);
    expect(html).toContain("第 3 版");
    expect(html).toContain("改动：工作量、存储、报价");
    expect(html).toContain('data-testid="scenario-read-only"');
    expect(html).not.toContain('data-testid="scenario-delete"');
    expect(html).not.toContain('data-testid="scenario-rename"');
  });
});

function comparison(): ScenarioVersionsComparison {
  const cheaper = {
    ...fixtureResult,
    rows: fixtureResult.rows.map((r) => ({ ...r, total: r.total === null ? null : r.total - 10 })),
  };
  return {
    scenario: header,
    a: { ...view(true).current, version: 1, note: "first", document: fixtureDocument },
    b: { ...view(true).current, version: 2, document: v2Document, result: cheaper },
    changes: diffDocuments(fixtureDocument, v2Document),
  };
}

function compareHtml(locale: Locale) {
  const messages = MESSAGES[locale];
  const t = createTranslator({ locale, messages, namespace: "scenarios" });
  const tco = createTranslator({ locale, messages, namespace: "tco" });
  return renderToStaticMarkup(
    <VersionComparison comparison={comparison()} locale={locale} t={t as never} tco={tco as never} />,
  );
}

describe("VersionComparison", () => {
  it("lists changed inputs and every result row with its difference in words", () => {
    const html = compareHtml("en");
    expect(html).toContain('data-testid="version-compare"');
    expect(html.split('data-testid="compare-change"').length - 1).toBe(2);
    expect(html).toContain("storage");
    // The field by its label, not its key.
    expect(html).toContain("Block storage");
    expect(html).not.toContain("blockGb");
    expect(html.split('data-testid="compare-result"').length - 1).toBe(fixtureResult.rows.length);
    expect(html).toContain("−$10.00");
    expect(html).toContain("(cheaper)");
    expect(html).not.toContain("(more expensive)");
  });

  it("reads in Chinese", () => {
    const html = compareHtml("zh-CN");
    expect(html).toContain("有变化的输入");
    expect(html).toContain("−US$10.00");
    expect(html).toContain("更便宜");
  });
});
