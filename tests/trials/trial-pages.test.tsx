// The trial pages' client parts: the form state (typed text ↔ trial fields, only changed
// fields sent, server field errors mapped to inputs, probe values merged) and the guided form,
// hardware report and trials list rendered to HTML in both languages.
import { NextIntlClientProvider } from "next-intl";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime.js";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import {
  applyProbe,
  changedFields,
  formKeyOf,
  fromForm,
  parseNumber,
  probeChanges,
  toForm,
} from "@/components/trials/form-state.ts";
import { TrialWorkspace } from "@/components/trials/trial-workspace.tsx";
import { TrialsList } from "@/components/trials/trials-list.tsx";
import type { HardwareReport } from "@/lib/hardware/schema.ts";
import type { ProbeTrialFields } from "@/lib/trials/probe-schema.ts";
import type { TrialList, TrialView } from "@/lib/trials/views.ts";
import enCommon from "@/messages/en.json";
import enTrials from "@/messages/en/trials.json";
import zhCommon from "@/messages/zh-CN.json";
import zhTrials from "@/messages/zh-CN/trials.json";

const TRIALS = { en: enTrials, "zh-CN": zhTrials };
const COMMON = { en: enCommon, "zh-CN": zhCommon };
type Locale = keyof typeof TRIALS;

const router = { push() {}, replace() {}, refresh() {}, back() {}, forward() {}, prefetch() {} };

function render(locale: Locale, children: ReactNode) {
  return renderToStaticMarkup(
    <NextIntlClientProvider
      locale={locale}
      messages={{ operationError: COMMON[locale].operationError, charts: COMMON[locale].charts }}
      timeZone="UTC"
    >
      <AppRouterContext.Provider value={router as never}>{children}</AppRouterContext.Provider>
    </NextIntlClientProvider>,
  );
}

const props = (locale: Locale) => ({ locale, messages: TRIALS[locale], charts: COMMON[locale].charts });

const emptyFields: TrialView["fields"] = {
  label: null,
  startedAt: null,
  bootToReadySeconds: null,
  setupMinutes: null,
  driverVersion: null,
  cudaVersion: null,
  frameworkVersions: null,
  image: null,
  stepTimeSeconds: null,
  peakVramGb: null,
  samplesPerStep: null,
  tokensPerStep: null,
  fullJobSteps: null,
  rebootPassed: null,
  rebootNotes: null,
  transferTestGb: null,
  uploadMbps: null,
  downloadMbps: null,
  diskReadMBps: null,
  diskWriteMBps: null,
  billedHourlyPrice: null,
  currency: null,
  durationMinutes: null,
  trialCost: null,
  spotInterruptions: null,
  spotHours: null,
  notes: null,
  probe: null,
};

const offer: TrialView["offer"] = {
  id: "offer1",
  provider: { slug: "lambda", nameEn: "Lambda", nameZh: null },
  region: { code: "us-east-1", name: "US East", nameZh: "美国东部" },
  instanceType: "gpu_8x_h100_sxm5",
  gpu: { slug: "h100-sxm-80gb", name: "H100 SXM 80GB", memoryGb: 80 },
  gpuCount: 8,
  vramPerGpuGb: 80,
  interconnect: "NVLINK",
  onDemand: { hourly: 23.92, currency: "USD", observedAt: "2026-11-20T00:00:00Z" },
};

const report: HardwareReport = {
  format: "table",
  driverVersion: "565.57.01",
  cudaVersion: "12.7",
  count: 4,
  mig: false,
  shared: false,
  truncated: false,
  gpus: [
    {
      index: 0,
      name: "NVIDIA A100-SXM4-40GB",
      canonical: "A100 SXM 40GB",
      slug: "a100-sxm-40gb",
      memoryMiB: 40960,
      busId: "00000000:18:00.0",
      uuid: null,
      persistenceMode: true,
      eccEnabled: true,
      eccErrors: 0,
      powerCapW: 400,
      migMode: false,
      consumer: false,
      virtual: false,
      memoryFit: "ok",
      virtualizationMode: null,
    },
  ],
  migDevices: [],
  expected: {
    gpu: "H100 SXM 80GB",
    input: "H100 SXM 80GB",
    slug: "h100-sxm-80gb",
    count: 8,
    memoryGb: 80,
    cudaVersion: null,
    minDriver: null,
  },
  mismatches: [
    {
      field: "count",
      code: "count.fewer",
      severity: "problem",
      expected: 8,
      actual: 4,
      message: "8 GPUs advertised, 4 visible.",
      params: {},
    },
    {
      field: "model",
      code: "model.other",
      severity: "warning",
      expected: "H100 SXM 80GB",
      actual: "A100 SXM 40GB",
      message: "Sold as H100 SXM 80GB, delivered A100 SXM 40GB.",
      params: {},
    },
  ],
  verdict: "mismatch",
  source: "test",
};

function trialView(canEdit: boolean): TrialView {
  const fields = {
    ...emptyFields,
    label: "LoRA 7B",
    bootToReadySeconds: 200,
    stepTimeSeconds: 1.8,
    peakVramGb: 76,
    samplesPerStep: 16,
    billedHourlyPrice: 24,
    currency: "USD" as const,
    durationMinutes: 45,
    rebootPassed: true,
    frameworkVersions: { torch: "2.4.0" },
  };
  return {
    id: "trial1",
    team: { id: "team1", name: "ML team", personal: false, canEdit },
    offer,
    fields,
    derived: {
      trialCost: 18,
      costPerUnit: { step: 0.012, "1k_samples": 0.75, "1m_tokens": null },
      unitsPerHour: { step: 2000, "1k_samples": 32, "1m_tokens": null },
      steps: { start: true, environment: false, job: true, reboot: true, cost: true },
      stepsDone: 4,
    },
    createdBy: "Ada",
    createdAt: "2026-11-29T10:00:00Z",
    updatedAt: "2026-11-30T10:00:00Z",
    hardwareChecks: [
      {
        id: "check1",
        createdAt: "2026-11-30T09:00:00Z",
        createdBy: "Ada",
        verdict: "MISMATCH",
        report,
        trialRunId: "trial1",
        offerId: "offer1",
      },
    ],
  };
}

describe("trial form state", () => {
  it("shows boot-to-ready 200 s as 3 min 20 s and reads it back as 200 s", () => {
    const form = toForm({ ...emptyFields, bootToReadySeconds: 200 });
    expect([form.bootMinutes, form.bootSeconds]).toEqual(["3", "20"]);
    expect(fromForm({ ...form, bootMinutes: "4", bootSeconds: "" }).values.bootToReadySeconds).toBe(240);
  });

  it.each([
    ["1,5", 1.5],
    [" 1 200 ", 1200],
    ["", null],
    ["2e3", 2000],
    ["abc", undefined],
    ["1.2.3", undefined],
  ])("reads %j as %j", (text, expected) => {
    expect(parseNumber(text)).toBe(expected);
  });

  it("flags text in number fields instead of sending it", () => {
    const { invalid, values } = fromForm({ ...toForm(emptyFields), stepTimeSeconds: "fast" });
    expect(invalid).toEqual(["stepTimeSeconds"]);
    expect(values.stepTimeSeconds).toBeNull();
  });

  it("sends only the fields that changed, and null to clear one", () => {
    const base = toForm({ ...emptyFields, stepTimeSeconds: 2, driverVersion: "550.54.15" });
    const edited = { ...base, stepTimeSeconds: "1.8", driverVersion: "" };
    expect(changedFields(fromForm(edited).values, fromForm(base).values)).toEqual({
      stepTimeSeconds: 1.8,
      driverVersion: null,
    });
  });

  it("keeps the start time in UTC both ways", () => {
    const form = toForm({ ...emptyFields, startedAt: "2026-11-30T08:05:00.000Z" });
    expect(form.startedAt).toBe("2026-11-30T08:05");
    expect(fromForm(form).values.startedAt).toBe("2026-11-30T08:05:00.000Z");
  });

  it("maps server field errors to the inputs that show them", () => {
    expect(formKeyOf("fields.bootToReadySeconds")).toBe("bootMinutes");
    expect(formKeyOf("fields.frameworkVersions.torch")).toBe("frameworks");
    expect(formKeyOf("fields.stepTimeSeconds")).toBe("stepTimeSeconds");
    expect(formKeyOf("fields.probe")).toBeNull();
  });

  it("lists what a probe changes and merges its framework versions", () => {
    const form = toForm({
      ...emptyFields,
      driverVersion: "550.54.15",
      frameworkVersions: { torch: "2.3.0" },
    });
    const probe: ProbeTrialFields = {
      driverVersion: "565.57.01",
      cudaVersion: "12.7",
      diskWriteMBps: 1800,
      diskReadMBps: null,
      downloadMbps: 940.5,
      bootedAt: null,
      uptimeSeconds: 300,
      runWallSeconds: null,
      runCommand: null,
      gpuCount: 8,
      nvidiaSmiOutput: "…",
      frameworkVersions: { torch: "2.4.0", python: "3.11.7" },
    };
    expect(probeChanges(form, probe).map((c) => [c.key, c.current, c.next])).toEqual([
      ["driverVersion", "550.54.15", "565.57.01"],
      ["cudaVersion", "", "12.7"],
      ["diskWriteMBps", "", "1800"],
      ["downloadMbps", "", "940.5"],
      ["frameworks", "torch 2.3.0", "torch 2.4.0, python 3.11.7"],
    ]);
    const applied = applyProbe(form, probe);
    expect(fromForm(applied).values.frameworkVersions).toEqual({ torch: "2.4.0", python: "3.11.7" });
    expect(applied.diskReadMBps).toBe("");
  });
});

describe("trial page", () => {
  it("renders the five numbered steps, live results and the VRAM warning for an editor", () => {
    const html = render("en", <TrialWorkspace trial={trialView(true)} clientProps={props("en")} />);
    for (const step of ["start", "environment", "job", "reboot", "cost"]) {
      expect(html).toContain(`data-testid="trial-step-${step}"`);
    }
    // 24 $/h × 1.8 s / 3600 = $0.012 per step; 45 min at 24 $/h = $18.00.
    expect(html).toMatch(/data-testid="result-cost-step"[^>]*>\$0\.012</);
    expect(html).toMatch(/data-testid="result-trial-cost"[^>]*>\$18(\.00)?</);
    expect(html).toContain('data-testid="vram-warning"');
    expect(html).toContain("95%");
    expect(html).toContain('data-testid="trial-save"');
    expect(html).toContain('href="/scenarios/new?trials=trial1"');
    expect(html).toContain("8 GPUs advertised, 4 visible.");
  });

  it("is read-only for a viewer: no save, no probe import, no delete", () => {
    const html = render("en", <TrialWorkspace trial={trialView(false)} clientProps={props("en")} />);
    expect(html).toContain('data-testid="trial-read-only"');
    expect(html).not.toContain('data-testid="trial-save"');
    expect(html).not.toContain('data-testid="probe-import"');
    expect(html).not.toContain('data-testid="trial-delete"');
  });

  it("speaks Chinese with the seed's wording", () => {
    const html = render("zh-CN", <TrialWorkspace trial={trialView(true)} clientProps={props("zh-CN")} />);
    expect(html).toContain("主动重启一次");
    expect(html).toContain("与所购不符");
    expect(html).toContain("问题");
  });
});

describe("trials list", () => {
  const list: TrialList = {
    currency: "USD",
    fx: { usdToCny: 7.1, asOf: "2026-11-29T00:00:00Z" },
    teams: [{ id: "team1", name: "ML team", personal: false, canEdit: true }],
    trials: [
      {
        id: "t1",
        teamId: "team1",
        label: "Fast one",
        offer,
        createdAt: "2026-11-29T10:00:00Z",
        updatedAt: "2026-11-30T10:00:00Z",
        stepsDone: 3,
        stepTimeSeconds: 1.8,
        peakVramGb: 60,
        rebootPassed: false,
        billedHourly: 24,
        trialCost: 18,
        costPerUnit: { step: 0.012, "1k_samples": null, "1m_tokens": null },
        latestHardwareVerdict: "MATCH",
      },
      {
        id: "t2",
        teamId: "team1",
        label: null,
        offer,
        createdAt: "2026-11-29T10:00:00Z",
        updatedAt: "2026-11-30T10:00:00Z",
        stepsDone: 0,
        stepTimeSeconds: null,
        peakVramGb: null,
        rebootPassed: null,
        billedHourly: null,
        trialCost: null,
        costPerUnit: { step: null, "1k_samples": null, "1m_tokens": null },
        latestHardwareVerdict: null,
      },
    ],
  };

  it("shows steps done, verdict, cost per step and lists the trial without a step time", () => {
    const html = render("en", <TrialsList list={list} clientProps={props("en")} />);
    expect(html).toContain("3 of 5 steps done");
    expect(html).toContain('data-verdict="match"');
    expect(html).toContain("$0.012");
    expect(html).toMatch(/Trial of Lambda gpu_8x_h100_sxm5<\/a>:\s*no step time/);
    expect(html).toContain("Reboot");
  });
});
