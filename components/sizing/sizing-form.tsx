// The sizing form: a plain GET form, so every setting lands in the URL (shareable) and it
// works before any JavaScript has loaded. The mode switch is a pair of links.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { MODEL_PRESETS } from "@/lib/sizing/presets.ts";
import type { UrlField } from "@/lib/sizing/url-state.ts";

import { Checkbox, NumberInput, Select } from "./field.tsx";

export type FormValues = Partial<Record<UrlField | "mode" | "model", string>>;

const DEFAULTS: Record<string, string> = {
  method: "full",
  prec: "bf16",
  opt: "adamw",
  mb: "1",
  seq: "2048",
  ckpt: "1",
  fa: "0",
  zero: "0",
  gpus: "1",
  tp: "1",
  rank: "16",
  wprec: "bf16",
  ctx: "4096",
  batch: "1",
  kvprec: "fp16",
  igpus: "1",
  ovh: "10",
  usable: "95",
  mfu: "40",
};

export async function SizingForm({
  values,
  errors,
  modeHrefs,
}: {
  values: FormValues;
  errors: Record<string, string[]>;
  modeHrefs: { training: string; inference: string };
}) {
  const t = await getTranslations("sizing.form");
  const mode = values.mode === "inference" ? "inference" : "training";
  const model = values.model ?? "llama-2-7b";
  const preset = MODEL_PRESETS.find((p) => p.id === model);
  const v = (key: UrlField) => values[key] ?? DEFAULTS[key] ?? "";
  const custom = (key: UrlField, fallback: number | undefined) =>
    values[key] ?? (fallback !== undefined ? String(fallback) : "");
  const e = (key: string) => errors[key];
  const opts = (group: string, keys: readonly string[]) =>
    keys.map((k) => ({ value: k, label: t(`${group}.${k}`) }));

  return (
    <form method="get" action="/sizing" aria-labelledby="sizing-form-heading" className="flex flex-col gap-5">
      <h2 id="sizing-form-heading" className="sr-only">
        {t("heading")}
      </h2>
      <input type="hidden" name="mode" value={mode} />
      <div
        role="group"
        aria-label={t("mode.label")}
        className="inline-flex w-fit rounded-md border border-border bg-surface p-1"
      >
        {(["training", "inference"] as const).map((m) => (
          <Link
            key={m}
            href={modeHrefs[m]}
            aria-current={m === mode ? "page" : undefined}
            className={
              "rounded px-3 py-1.5 text-sm font-medium no-underline " +
              (m === mode
                ? "bg-accent text-accent-fg hover:text-accent-fg"
                : "text-muted hover:bg-surface-muted hover:text-fg")
            }
          >
            {t(`mode.${m}`)}
          </Link>
        ))}
      </div>

      <Select
        id="f-model"
        name="model"
        label={t("model.label")}
        value={model}
        error={e("model")}
        options={[
          ...MODEL_PRESETS.map((p) => ({ value: p.id, label: p.name })),
          { value: "custom", label: t("model.custom") },
        ]}
      />
      {preset ? (
        <p className="-mt-3 text-xs text-muted">
          <a href={preset.source} rel="noopener noreferrer nofollow">
            {t("model.source", { name: preset.name })}
          </a>
          {"moe" in preset ? ` ${t("model.moe")}` : null}
        </p>
      ) : null}

      <details open={model === "custom"} className="rounded-md border border-border bg-surface p-3">
        <summary className="cursor-pointer text-sm font-medium">{t("model.customHeading")}</summary>
        <p className="mt-1 text-xs text-muted">{t("model.customHint")}</p>
        <div className="mt-3 grid grid-cols-2 gap-3">
          <NumberInput
            id="f-p"
            name="p"
            label={t("model.parameters")}
            value={custom("p", preset?.parameters)}
            error={e("p")}
          />
          <NumberInput
            id="f-L"
            name="L"
            label={t("model.layers")}
            value={custom("L", preset?.layers)}
            error={e("L")}
          />
          <NumberInput
            id="f-h"
            name="h"
            label={t("model.hiddenSize")}
            value={custom("h", preset?.hiddenSize)}
            error={e("h")}
          />
          <NumberInput
            id="f-a"
            name="a"
            label={t("model.heads")}
            value={custom("a", preset?.heads)}
            error={e("a")}
          />
          <NumberInput
            id="f-kv"
            name="kv"
            label={t("model.kvHeads")}
            value={custom("kv", preset?.kvHeads)}
            error={e("kv")}
          />
        </div>
      </details>

      {mode === "training" ? (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="mb-2 text-base font-semibold">{t("training.heading")}</legend>
          <div className="col-span-2">
            <Select
              id="f-method"
              name="method"
              label={t("training.method")}
              value={v("method")}
              error={e("method")}
              options={opts("training.methods", ["full", "lora", "qlora"])}
            />
          </div>
          <Select
            id="f-prec"
            name="prec"
            label={t("training.precision")}
            value={v("prec")}
            error={e("prec")}
            options={opts("training.precisions", ["bf16", "fp16", "fp32", "fp8"])}
          />
          <Select
            id="f-opt"
            name="opt"
            label={t("training.optimizer")}
            value={v("opt")}
            error={e("opt")}
            options={opts("training.optimizers", ["adamw", "adam_8bit", "sgd_momentum"])}
          />
          <NumberInput id="f-mb" name="mb" label={t("training.microBatch")} value={v("mb")} error={e("mb")} />
          <NumberInput
            id="f-seq"
            name="seq"
            label={t("training.sequenceLength")}
            value={v("seq")}
            error={e("seq")}
          />
          <NumberInput
            id="f-rank"
            name="rank"
            label={t("training.loraRank")}
            value={v("rank")}
            error={e("rank")}
          />
          <Checkbox
            id="f-ckpt"
            name="ckpt"
            label={t("training.gradientCheckpointing")}
            checked={v("ckpt") !== "0"}
          />
          <div className="col-span-2">
            <Select
              id="f-zero"
              name="zero"
              label={t("training.zeroStage")}
              value={v("zero")}
              error={e("zero")}
              options={opts("training.zeroStages", ["0", "1", "2", "3"])}
            />
          </div>
          <NumberInput
            id="f-gpus"
            name="gpus"
            label={t("training.gpus")}
            value={v("gpus")}
            error={e("gpus")}
          />
          <NumberInput
            id="f-tp"
            name="tp"
            label={t("training.tensorParallel")}
            value={v("tp")}
            error={e("tp")}
          />
          <Checkbox id="f-fa" name="fa" label={t("training.flashAttention")} checked={v("fa") === "1"} />
        </fieldset>
      ) : (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="mb-2 text-base font-semibold">{t("inference.heading")}</legend>
          <Select
            id="f-wprec"
            name="wprec"
            label={t("inference.precision")}
            value={v("wprec")}
            error={e("wprec")}
            options={opts("inference.precisions", ["bf16", "fp16", "fp8", "int8", "int4", "fp32"])}
          />
          <Select
            id="f-kvprec"
            name="kvprec"
            label={t("inference.kvCachePrecision")}
            value={v("kvprec")}
            error={e("kvprec")}
            options={opts("inference.precisions", ["fp16", "bf16", "fp8", "int8", "int4", "fp32"])}
          />
          <NumberInput
            id="f-ctx"
            name="ctx"
            label={t("inference.contextLength")}
            value={v("ctx")}
            error={e("ctx")}
          />
          <NumberInput
            id="f-batch"
            name="batch"
            label={t("inference.batch")}
            value={v("batch")}
            error={e("batch")}
          />
          <NumberInput
            id="f-igpus"
            name="igpus"
            label={t("inference.gpus")}
            value={v("igpus")}
            error={e("igpus")}
          />
        </fieldset>
      )}

      <details className="rounded-md border border-border bg-surface p-3">
        <summary className="cursor-pointer text-sm font-medium">{t("advanced.heading")}</summary>
        <div className="mt-3 grid grid-cols-2 gap-3">
          <NumberInput
            id="f-ovh"
            name="ovh"
            label={t("advanced.overhead")}
            value={v("ovh")}
            error={e("ovh")}
          />
          <NumberInput
            id="f-usable"
            name="usable"
            label={t("advanced.usable")}
            value={v("usable")}
            error={e("usable")}
          />
          {mode === "training" ? (
            <>
              <NumberInput
                id="f-tokens"
                name="tokens"
                label={t("advanced.tokens")}
                value={values.tokens ?? ""}
                error={e("tokens")}
                hint={t("advanced.tokensHint")}
              />
              <NumberInput
                id="f-mfu"
                name="mfu"
                label={t("advanced.mfu")}
                value={v("mfu")}
                error={e("mfu")}
              />
            </>
          ) : null}
        </div>
      </details>

      <button
        type="submit"
        className="w-fit rounded-md bg-accent px-5 py-2 font-medium text-accent-fg hover:opacity-90"
      >
        {t("submit")}
      </button>
    </form>
  );
}
