// Specifications side by side: where the offer runs and what hardware it gives.
import Link from "@/components/intent-link.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import type { CompareOffer } from "@/server/queries/compare-offers.ts";

import { bestIndexes } from "./best-badge.tsx";
import { CompareTable, type CompareColumn, type CompareRow } from "./compare-table.tsx";
import type { CompareT } from "./compare-translations.ts";
import { countryName, formatNumber, providerName, regionName, SourceLink } from "./format.tsx";

export function SpecsSection({
  offers,
  columns,
  locale,
  t,
}: {
  offers: CompareOffer[];
  columns: CompareColumn[];
  locale: AppLocale;
  t: CompareT;
}) {
  const n = (v: number, digits = 2) => formatNumber(v, locale, digits);
  const optional = (v: number | null, render: (v: number) => string) =>
    v === null ? <span className="text-muted">{t("unknown")}</span> : render(v);
  const rows: CompareRow[] = [
    {
      key: "provider",
      label: t("specs.provider"),
      cells: offers.map((o) => (
        <Link key={o.id} href={`/providers/${o.provider.slug}`}>
          {providerName(o, locale)}
        </Link>
      )),
    },
    {
      key: "region",
      label: t("specs.region"),
      cells: offers.map((o) => (
        <>
          <span className="block">{regionName(o, locale)}</span>
          <span className="block text-xs text-muted">
            <span className="font-mono">{o.region.code}</span>
            {o.region.country ? ` · ${countryName(o.region.country, locale)}` : ""}
          </span>
        </>
      )),
    },
    {
      key: "instanceType",
      label: t("specs.instanceType"),
      cells: offers.map((o) => (
        <span key={o.id} className="font-mono text-xs [overflow-wrap:anywhere]">
          {o.instanceType}
        </span>
      )),
    },
    {
      key: "gpu",
      label: t("specs.gpu"),
      cells: offers.map((o) => (
        <>
          <Link href={`/gpus/${o.gpu.slug}`}>{o.gpu.name}</Link>
          {o.gpu.variant ? <span className="block text-xs text-muted">{o.gpu.variant}</span> : null}
        </>
      )),
    },
    {
      key: "gpuCount",
      label: t("specs.gpuCount"),
      cells: offers.map((o) => (
        <span key={o.id} className="tabular-nums">
          {o.gpuCount}
        </span>
      )),
      best: bestIndexes(
        offers.map((o) => o.gpuCount),
        "max",
      ),
    },
    {
      key: "vramPerGpu",
      label: t("specs.vramPerGpu"),
      cells: offers.map((o) => t("specs.gb", { value: n(o.vramPerGpuGb) })),
      best: bestIndexes(
        offers.map((o) => o.vramPerGpuGb),
        "max",
      ),
    },
    {
      key: "vramTotal",
      label: t("specs.vramTotal"),
      cells: offers.map((o) => t("specs.gb", { value: n(o.vramTotalGb) })),
      best: bestIndexes(
        offers.map((o) => o.vramTotalGb),
        "max",
      ),
    },
    {
      key: "interconnect",
      label: t("specs.interconnect"),
      cells: offers.map((o) => (
        <>
          {t(`specs.interconnects.${o.interconnect}`)}
          {o.interconnectGbps !== null ? (
            <span className="block text-xs text-muted">
              {t("specs.interconnectGbps", { value: n(o.interconnectGbps) })}
            </span>
          ) : null}
        </>
      )),
    },
    {
      key: "vCpus",
      label: t("specs.vCpus"),
      cells: offers.map((o) => optional(o.vCpus, (v) => n(v, 0))),
      best: bestIndexes(
        offers.map((o) => o.vCpus),
        "max",
      ),
    },
    {
      key: "ram",
      label: t("specs.ram"),
      cells: offers.map((o) => optional(o.ramGb, (v) => t("specs.gb", { value: n(v) }))),
      best: bestIndexes(
        offers.map((o) => o.ramGb),
        "max",
      ),
    },
    {
      key: "tflops",
      label: t("specs.tflops"),
      cells: offers.map((o) =>
        o.bf16DenseTflopsTotal === null || o.bf16DenseTflopsPerGpu === null ? (
          <span key={o.id} className="text-muted">
            {t("unknown")}
          </span>
        ) : (
          <>
            <span className="tabular-nums">
              {t("specs.tflopsValue", { total: n(o.bf16DenseTflopsTotal, 1) })}
            </span>
            <span className="block text-xs text-muted">
              {t("specs.tflopsPerGpu", { value: n(o.bf16DenseTflopsPerGpu, 1) })}
            </span>
          </>
        ),
      ),
      best: bestIndexes(
        offers.map((o) => o.bf16DenseTflopsTotal),
        "max",
      ),
    },
    {
      key: "source",
      label: t("specs.offerSource"),
      cells: offers.map((o) => (
        <SourceLink
          key={o.id}
          href={o.sourceUrl}
          label={t("source")}
          srLabel={t("sourceFor", { what: t("specs.offerSourceOf"), offer: o.instanceType })}
        />
      )),
    },
    {
      key: "trial",
      label: t("specs.trial"),
      cells: offers.map((o) => (
        <Link
          key={o.id}
          href={`/trials/new?offer=${encodeURIComponent(o.id)}`}
          aria-label={t("specs.startTrialFor", { offer: o.instanceType })}
          data-testid="start-trial"
        >
          {t("specs.startTrial")}
        </Link>
      )),
    },
  ];
  return (
    <CompareTable
      id="specs"
      caption={t("specs.heading")}
      rowHeader={t("rowHeader")}
      columns={columns}
      rows={rows}
      bestLabel={t("best")}
      removeText={t("remove")}
    />
  );
}
