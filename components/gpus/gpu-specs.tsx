// The GPU model's specifications as a definition list, with the source they come from.
// Server component.
import { getTranslations } from "next-intl/server";

import { isHttpUrl } from "@/lib/catalog/source-label.ts";
import type { GpuPage } from "@/server/queries/gpu-page.ts";

const FORM_FACTORS: Record<string, string> = {
  SXM: "SXM",
  PCIE: "PCIe",
  OAM: "OAM",
  SUPERCHIP: "Superchip",
};

/** "PCIe · NVL", or just "SXM" when the variant repeats the form factor. */
function formFactorText(formFactor: string, variant: string | null): string {
  return variant && variant.toLowerCase() !== formFactor.toLowerCase()
    ? `${formFactor} · ${variant}`
    : formFactor;
}

export async function GpuSpecs({ gpu, locale }: { gpu: GpuPage["gpu"]; locale: string }) {
  const t = await getTranslations("gpus.specs");
  const n = (value: number, digits = 1) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const rows: { key: string; label: string; value: string | null }[] = [
    {
      key: "memory",
      label: t("memory"),
      value: t("memoryValue", { gb: n(gpu.memoryGb, 0), type: gpu.memoryType ?? "—" }),
    },
    {
      key: "bandwidth",
      label: t("bandwidth"),
      value: gpu.memoryBandwidthGbps === null ? null : t("gbps", { value: n(gpu.memoryBandwidthGbps, 0) }),
    },
    {
      key: "fp32",
      label: t("fp32"),
      value: gpu.fp32Tflops === null ? null : t("tflops", { value: n(gpu.fp32Tflops) }),
    },
    {
      key: "bf16",
      label: t("bf16"),
      value: gpu.bf16DenseTflops === null ? null : t("tflops", { value: n(gpu.bf16DenseTflops) }),
    },
    {
      key: "fp8",
      label: t("fp8"),
      value: gpu.fp8DenseTflops === null ? null : t("tflops", { value: n(gpu.fp8DenseTflops) }),
    },
    { key: "tdp", label: t("tdp"), value: gpu.tdpW === null ? null : t("watts", { value: n(gpu.tdpW, 0) }) },
    {
      key: "formFactor",
      label: t("formFactor"),
      value: formFactorText(FORM_FACTORS[gpu.formFactor] ?? t("otherFormFactor"), gpu.variant),
    },
    {
      key: "nvlink",
      label: t("nvlink"),
      value: gpu.nvlinkGbps === null ? t("noNvlink") : t("gbps", { value: n(gpu.nvlinkGbps, 0) }),
    },
    { key: "architecture", label: t("architecture"), value: gpu.architecture },
    { key: "segment", label: t("segment"), value: gpu.datacenter ? t("datacenter") : t("consumer") },
  ];
  return (
    <div className="flex flex-col gap-3">
      <dl
        className="grid grid-cols-1 gap-x-6 gap-y-0 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2"
        data-testid="gpu-specs"
      >
        {rows.map((r) => (
          <div
            key={r.key}
            className="flex justify-between gap-4 border-b border-border/60 py-2"
            data-testid={`spec-${r.key}`}
          >
            <dt className="text-muted">{r.label}</dt>
            <dd className="tabular m-0 text-right font-medium">{r.value ?? t("unknown")}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted">
        {t("denseNote")}{" "}
        {isHttpUrl(gpu.sourceUrl) ? (
          <a href={gpu.sourceUrl} rel="noopener noreferrer nofollow">
            {t("source")}
          </a>
        ) : (
          gpu.sourceUrl
        )}
      </p>
      {gpu.sourceNote ? (
        <details className="text-sm text-muted">
          <summary className="cursor-pointer select-none">{t("sourceNote")}</summary>
          <p className="mt-1 [overflow-wrap:anywhere]">{gpu.sourceNote}</p>
        </details>
      ) : null}
    </div>
  );
}
