// The report's inputs section: every input of the scenario version, as entered.
import type { ScenarioTranslator } from "@/components/scenarios/translator.ts";
import { formatIsoDate } from "@/lib/format/date.ts";
import { workloadSource, type ScenarioDocument } from "@/lib/scenarios/document.ts";
import type { ScenarioResult } from "@/lib/scenarios/result.ts";
import { td, type Money, type Num } from "./report-parts.tsx";

export function Inputs({
  doc,
  result,
  t,
  money,
  n,
  model,
  locale,
}: {
  doc: ScenarioDocument;
  result: ScenarioResult | null;
  t: ScenarioTranslator;
  money: Money;
  n: Num;
  model: (m: string) => string;
  locale: string;
}) {
  const w = doc.workload;
  const source = workloadSource(w);
  const sci = (v: number) =>
    new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 2 }).format(v);
  let workload: string;
  if ("sizing" in w) {
    const sizing = result?.workload.sizing;
    workload = t("inputs.workloadSizing", { query: w.sizing });
    if (sizing)
      workload +=
        " — " +
        t("inputs.sizingResolved", {
          model: sizing.modelName ?? t("inputs.sizingModelUnknown"),
          parameters: sci(sizing.parameters),
          mode: t(`inputs.mode.${sizing.mode}`),
          memory: n(sizing.memoryGb, 1),
        });
    if (w.instanceHours)
      workload +=
        t("inputs.clauseSeparator") + t("inputs.workloadInstanceHours", { hours: n(w.instanceHours) });
  } else if ("steps" in w) {
    workload = t("inputs.workloadSteps", {
      steps: n(w.steps, 0),
      seconds: n(w.secondsPerStep, 3),
      hours: n((w.steps * w.secondsPerStep) / 3600),
    });
  } else if ("gpuHours" in w) {
    workload = t("inputs.workloadGpuHours", { gpuHours: n(w.gpuHours) });
    if (w.scalingEfficiency !== undefined)
      workload +=
        t("inputs.clauseSeparator") +
        t("inputs.scalingEfficiency", { efficiency: n(w.scalingEfficiency, 2) });
  } else if ("parameters" in w) {
    workload = t("inputs.workloadFlops", {
      parameters: sci(w.parameters),
      tokens: sci(w.tokens),
      method: t(`inputs.method.${w.method ?? "none"}`),
      mfu: n(w.mfu ?? 0.4, 2),
    });
    if (w.denseTflopsPerGpu !== undefined)
      workload +=
        t("inputs.clauseSeparator") + t("inputs.denseTflops", { tflops: n(w.denseTflopsPerGpu, 1) });
  } else {
    workload = t("inputs.workloadInstanceHours", { hours: n(w.instanceHours) });
  }

  const spot = doc.spot;
  const spotParts = [
    spot.interruptionsPerHour !== undefined
      ? t("inputs.spotRate", { rate: n(spot.interruptionsPerHour, 4) })
      : spot.mtbfHours !== undefined
        ? t("inputs.spotMtbf", { hours: n(spot.mtbfHours, 1) })
        : t("inputs.spotRateDefault"),
    t("inputs.spotTimes", { checkpoint: n(spot.checkpointMinutes, 1), restart: n(spot.restartMinutes, 1) }),
    spot.checkpointing ? t("inputs.spotCheckpointing") : t("inputs.spotNoCheckpointing"),
  ];
  if (spot.checkpointing)
    spotParts.push(
      spot.checkpointIntervalMinutes !== undefined
        ? t("inputs.spotInterval", { minutes: n(spot.checkpointIntervalMinutes, 1) })
        : t("inputs.spotIntervalOptimal"),
    );

  const o = doc.other;
  const fx =
    result?.fx ?? (doc.fx ? { usdToCny: doc.fx.usdToCny, asOf: doc.fx.asOf ?? null, source: "user" } : null);
  const fxText = fx
    ? fx.asOf
      ? t("inputs.fx", {
          rate: n(fx.usdToCny, 4),
          date: formatIsoDate(fx.asOf),
          source: t(`inputs.fxSource.${fx.source}`),
        })
      : t("inputs.fxNoDate", { rate: n(fx.usdToCny, 4), source: t(`inputs.fxSource.${fx.source}`) })
    : null;
  const rows: Array<[string, string]> = [[t("inputs.workload"), workload]];
  if (w.bootMinutes !== undefined || w.setupMinutes !== undefined)
    rows.push([
      t("inputs.bootSetup"),
      t("inputs.bootSetupValue", { boot: n(w.bootMinutes ?? 0, 1), setup: n(w.setupMinutes ?? 0, 1) }),
    ]);
  if (w.unitsOfWork !== undefined)
    rows.push([
      t("inputs.unitsOfWork"),
      t("inputs.unitsValue", {
        units: n(w.unitsOfWork),
        label: doc.unitLabel ?? t("inputs.unitsDefaultLabel"),
      }),
    ]);
  rows.push(
    [t("inputs.data"), t("inputs.dataValue", { upload: n(doc.data.uploadGb), egress: n(doc.data.egressGb) })],
    [
      t("inputs.storage"),
      [
        t("inputs.storageValue", {
          block: n(doc.storage.blockGb),
          object: n(doc.storage.objectGb),
          snapshot: n(doc.storage.snapshotGb),
          months: doc.storage.retentionMonths,
        }),
        ...(
          [
            ["block", doc.storage.blockMonths],
            ["object", doc.storage.objectMonths],
            ["snapshot", doc.storage.snapshotMonths],
          ] as const
        ).flatMap(([kind, months]) =>
          months === undefined ? [] : [t("inputs.storageKept", { kind: t(`inputs.kinds.${kind}`), months })],
        ),
      ].join(t("inputs.clauseSeparator")),
    ],
    [
      t("inputs.commitment"),
      doc.commitment?.utilisationPercent !== undefined
        ? t("inputs.commitmentStated", { percent: n(doc.commitment.utilisationPercent) })
        : t("inputs.commitmentWhole"),
    ],
    [t("inputs.pricingModels"), doc.pricingModels.map(model).join(t("inputs.listSeparator"))],
    [t("inputs.spot"), spotParts.join(t("inputs.clauseSeparator"))],
    [
      t("inputs.other"),
      t("inputs.otherValue", {
        perHour: money(o.licencePerHour, doc.currency),
        perMonth: money(o.licencePerMonth, doc.currency),
        support: n(o.supportPercent),
        supportMin: money(o.supportMinimumPerMonth, doc.currency),
        surcharge: n(o.surchargePercent),
        tax: n(o.taxPercent),
      }),
    ],
    [
      t("inputs.sla"),
      [
        doc.sla?.availabilityPercent !== undefined
          ? t("inputs.slaAvailability", { percent: n(doc.sla.availabilityPercent, 3) })
          : t("inputs.slaProvider"),
        doc.sla?.delayCostPerHour !== undefined
          ? t("inputs.slaDelay", { cost: money(doc.sla.delayCostPerHour, doc.currency) })
          : t("inputs.slaNoDelay"),
      ].join(t("inputs.clauseSeparator")),
    ],
    [t("inputs.budget"), doc.budget !== undefined ? money(doc.budget, doc.currency) : t("inputs.noBudget")],
    [t("inputs.currency"), fxText ? `${doc.currency}${t("inputs.clauseSeparator")}${fxText}` : doc.currency],
    [t("inputs.sortBy"), t(`inputs.sort.${doc.sortBy}`)],
  );
  return (
    <table
      className="w-full border-collapse text-sm"
      data-testid="report-inputs"
      data-workload-source={source}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} className="break-inside-avoid">
            <th scope="row" className={`${td} w-48 text-left font-medium`}>
              {label}
            </th>
            <td className={td}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
