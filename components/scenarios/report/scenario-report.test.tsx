// The report rendered to HTML on the server with the fixture, in both languages: every
// section is there, totals and rows carry their test ids, and empty charts do not crash.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import enReport from "@/messages/en/scenarioReport.json";
import enTco from "@/messages/en/tco.json";
import zhReport from "@/messages/zh-CN/scenarioReport.json";
import zhTco from "@/messages/zh-CN/tco.json";

import {
  emptyChartsResult,
  fixtureDocument,
  fixtureResult,
} from "../../../tests/fixtures/scenario-result.ts";
import { ScenarioReport, type ScenarioReportProps } from "./scenario-report.tsx";

function render(locale: "en" | "zh-CN", overrides: Partial<ScenarioReportProps> = {}) {
  const messages =
    locale === "en" ? { scenarioReport: enReport, tco: enTco } : { scenarioReport: zhReport, tco: zhTco };
  return renderToStaticMarkup(
    <ScenarioReport
      name="7B LoRA"
      description={null}
      meta={{
        teamName: "ML team",
        version: 2,
        savedAt: "2026-11-29T12:00:00Z",
        savedBy: "Ada",
        latestVersion: 3,
      }}
      document={fixtureDocument}
      result={fixtureResult}
      checklist={null}
      clientProps={{ locale, messages }}
      locale={locale}
      generatedAt={new Date("2026-11-30T00:00:00Z")}
      {...overrides}
    />,
  );
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

describe("ScenarioReport", () => {
  it("renders every section with a row and a total per ranked option", () => {
    const html = render("en");
    expect(html).toContain('data-testid="scenario-report"');
    expect(count(html, 'data-testid="report-row"')).toBe(4);
    expect(count(html, 'data-testid="report-total"')).toBe(4);
    expect(html).toContain("Version 2 of 3");
    expect(html).toContain("Lambda 8× H100 · us-west (On-demand) costs $412.50 for this job.");
    expect(html).toContain("The cheapest spot option is AWS p4d.24xlarge · us-east-1 at $455.10.");
    expect(html).toContain("overridden in this scenario");
    expect(html).toContain("1 USD = 7.1 CNY as of 2026-11-28");
    expect(html).toContain("Not yet checked");
    for (const id of [
      "chart-breakdown",
      "chart-job-length",
      "chart-spot-risk",
      "chart-sensitivity",
      "chart-sla",
    ])
      expect(html).toContain(`data-testid="${id}"`);
    expect(html).toContain("1-year reserved becomes cheaper than on-demand after 5,493 h");
    expect(html).toContain("break-even utilisation 63%");
    expect(html).toContain("Checkpoints every 42 min of work.");
  });

  it("reads naturally in Chinese", () => {
    const html = render("zh-CN");
    expect(html).toContain("第 2 版，共 3 版");
    expect(html).toContain("选型检查清单");
    expect(html).toContain("显卡型号和显存够不够模型用");
    expect(html).toContain("已在本方案中覆盖");
    expect(count(html, 'data-testid="report-total"')).toBe(4);
  });

  it("shows the checklist statuses per offer when the scenario is on a shortlist", () => {
    const html = render("en", {
      checklist: [
        {
          offerId: "aws-p4d",
          offerName: "AWS p4d",
          items: { VRAM_CONFIRMED_BY_RUN: { status: "OK", evidence: "trial run 3" } },
        },
      ],
    });
    expect(html).toContain("trial run 3");
    expect(count(html, ">unknown<")).toBe(6);
    expect(count(html, ">OK<")).toBe(1);
  });

  it("links only http(s) sources and survives a malformed one", () => {
    const offer = fixtureResult.offers[1]!;
    const bad = {
      ...fixtureResult,
      offers: [
        {
          ...offer,
          facts: [
            { ...offer.facts[0]!, source: "evil", sourceUrl: "javascript:alert(1)" },
            { ...offer.facts[0]!, key: "ingressPerGb" as const, source: null, sourceUrl: "not a url" },
          ],
        },
      ],
    };
    const html = render("en", { result: bad });
    expect(html).not.toContain("javascript:");
    expect(html).toContain("evil");
  });

  it("does not crash on empty charts or a version without results", () => {
    const empty = render("en", { result: emptyChartsResult });
    expect(empty).toContain("This chart needs an offer with both an on-demand and a reserved price.");
    expect(empty).toContain("Add spot to the pricing models");
    expect(empty).toContain("No option could be priced for this job");
    const none = render("zh-CN", { result: null });
    expect(none).toContain("此版本保存时没有计算结果");
    expect(none).not.toContain('data-testid="report-row"');
  });
});
