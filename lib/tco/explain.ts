// Human explanations of each cost line, in English and Simplified Chinese, with the numbers
// the formula used. Pure: built from numbers, formatted with Intl (lib/format).
import { formatMoney } from "../format/money.ts";
import type { Overhead, WorkBasis } from "./compute.ts";
import type { Billing, PricingModel, TcoLocale } from "./schema.ts";
import type { SpotRateSource } from "./spot.ts";

export interface Bilingual {
  en: string;
  zhCN: string;
}

export function pick(text: Bilingual, locale: TcoLocale): string {
  return locale === "zh-CN" ? text.zhCN : text.en;
}

type Loc = "en" | "zh-CN";
const LOCS: Loc[] = ["en", "zh-CN"];

const numberFormats = new Map<string, Intl.NumberFormat>();
export function num(value: number, locale: Loc, digits = 4): string {
  const key = `${locale}/${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

function money(value: number, currency: string, locale: Loc): string {
  const fixed = (Object.is(value, -0) ? 0 : value).toFixed(6);
  return formatMoney(fixed, currency, locale);
}

export function pct(fraction: number, locale: Loc): string {
  return `${num(fraction * 100, locale, 2)} %`;
}

/** Builds both languages from one template function. */
function both(
  render: (l: Loc, n: (v: number, d?: number) => string, m: (v: number) => string) => string,
  currency: string,
): Bilingual {
  const [en, zh] = LOCS.map((l) =>
    render(
      l,
      (v, d) => num(v, l, d),
      (v) => money(v, currency, l),
    ),
  ) as [string, string];
  return { en, zhCN: zh };
}

export function billingText(billing: Billing, locale: Loc): string {
  const g = billing.granularitySeconds;
  const unit =
    g === 1
      ? locale === "en"
        ? "per-second"
        : "按秒"
      : g === 60
        ? locale === "en"
          ? "per-minute"
          : "按分钟"
        : g === 3600
          ? locale === "en"
            ? "per-hour"
            : "按小时"
          : locale === "en"
            ? `per ${num(g, locale)} s`
            : `每 ${num(g, locale)} 秒`;
  const min = billing.minimumSeconds;
  if (min <= g) return locale === "en" ? `${unit} billing` : `${unit}计费`;
  return locale === "en"
    ? `${unit} billing, ${num(min, locale)} s minimum`
    : `${unit}计费，最低 ${num(min, locale)} 秒`;
}

export function basisText(basis: WorkBasis, hours: number, locale: Loc): string {
  const n = (v: number, d?: number) => num(v, locale, d);
  switch (basis.kind) {
    case "instance_hours":
      return locale === "en" ? `${n(hours)} h of work` : `工作 ${n(hours)} 小时`;
    case "gpu_hours":
      return locale === "en"
        ? `${n(basis.gpuHours)} GPU-h ÷ speed-up ${n(basis.speedUp)} (${basis.gpus} GPUs, scaling efficiency ${n(basis.efficiency)}: 1 + (n − 1)·e) = ${n(hours)} h of work`
        : `${n(basis.gpuHours)} GPU·小时 ÷ 加速比 ${n(basis.speedUp)}（${basis.gpus} 卡，扩展效率 ${n(basis.efficiency)}：1 + (n − 1)·e）= 工作 ${n(hours)} 小时`;
    case "steps":
      return locale === "en"
        ? `${n(basis.steps)} steps × ${n(basis.secondsPerStep)} s ÷ 3600 = ${n(hours)} h of work`
        : `${n(basis.steps)} 步 × ${n(basis.secondsPerStep)} 秒 ÷ 3600 = 工作 ${n(hours)} 小时`;
    case "flops":
      return locale === "en"
        ? `${basis.flops.toExponential(3)} FLOPs ÷ (${basis.gpus} GPUs × ${n(basis.denseTflopsPerGpu)} TFLOP/s × MFU ${n(basis.mfu)}) = ${n(hours)} h of work`
        : `${basis.flops.toExponential(3)} FLOPs ÷（${basis.gpus} 卡 × ${n(basis.denseTflopsPerGpu)} TFLOP/s × MFU ${n(basis.mfu)}）= 工作 ${n(hours)} 小时`;
  }
}

const MODEL_NAMES: Record<PricingModel, Bilingual> = {
  on_demand: { en: "on-demand", zhCN: "按需" },
  spot: { en: "spot", zhCN: "竞价实例" },
  reserved_1y: { en: "1-year reserved", zhCN: "预留 1 年" },
  reserved_3y: { en: "3-year reserved", zhCN: "预留 3 年" },
  monthly: { en: "monthly", zhCN: "包月" },
};

export function modelName(model: PricingModel, locale: Loc): string {
  return pick(MODEL_NAMES[model], locale);
}

export interface ComputeExplainInput {
  model: PricingModel;
  currency: string;
  price: number;
  amount: number;
  billing: Billing;
  basis: WorkBasis;
  workHours: number;
  overheadHours: number;
  /** The parts of overheadHours; absent in callers that only know the sum. */
  overhead?: Overhead;
  runHours: number;
  billedHours: number;
}

const OVERHEAD_PARTS = [
  ["bootHours", "boot", { en: "boot", zhCN: "启动" }],
  ["setupHours", "setup", { en: "setup", zhCN: "环境准备" }],
  ["uploadHours", "upload", { en: "dataset upload", zhCN: "上传数据" }],
  ["downloadHours", "download", { en: "results download", zhCN: "下载结果" }],
] as const;

function overheadText(o: Overhead, l: Loc): string {
  const n = (v: number) => num(v, l);
  const measured = l === "en" ? " (measured in a trial)" : "（试用实测）";
  return OVERHEAD_PARTS.filter(([key]) => o[key] > 0)
    .map(([key, tag, label]) =>
      l === "en"
        ? `${n(o[key])} h ${label.en}${o.measured.includes(tag) ? measured : ""}`
        : `${label.zhCN} ${n(o[key])} 小时${o.measured.includes(tag) ? measured : ""}`,
    )
    .join(" + ");
}

function runText(i: ComputeExplainInput, l: Loc): string {
  const n = (v: number) => num(v, l);
  let work = basisText(i.basis, i.workHours, l);
  if (i.overhead?.measured.includes("secondsPerStep")) {
    work += l === "en" ? " (step time measured in a trial)" : "（步时为试用实测）";
  }
  if (i.overheadHours === 0) return work;
  const parts = i.overhead ? overheadText(i.overhead, l) : null;
  return l === "en"
    ? `${work} + ${parts ?? `${n(i.overheadHours)} h boot/setup`} = ${n(i.runHours)} h`
    : `${work} + ${parts ?? `启动/准备 ${n(i.overheadHours)} 小时`} = ${n(i.runHours)} 小时`;
}

export function explainOnDemand(i: ComputeExplainInput): Bilingual {
  return both(
    (l, n, m) =>
      l === "en"
        ? `${runText(i, l)}; billed ${n(i.billedHours)} h (${billingText(i.billing, l)}) × ${m(i.price)}/h ${modelName(i.model, l)} = ${m(i.amount)}`
        : `${runText(i, l)}；计费 ${n(i.billedHours)} 小时（${billingText(i.billing, l)}）× ${modelName(i.model, l)} ${m(i.price)}/小时 = ${m(i.amount)}`,
    i.currency,
  );
}

export interface SpotExplainInput extends ComputeExplainInput {
  lambda: number;
  /** Where λ came from; said in the text when it is not the scenario's own rate. */
  rateSource?: SpotRateSource;
  checkpointing: boolean;
  checkpointMinutes: number;
  restartMinutes: number;
  intervalHours: number | null;
  intervalSource: "daly" | "user" | "none";
  wallHours: number;
}

/** " (rate from AWS Spot Advisor bucket …)": the assumption behind λ, when it is not the user's. */
function spotRateText(
  source: SpotRateSource | undefined,
  l: TcoLocale,
  n: (value: number, digits?: number) => string,
): string {
  if (!source || source.kind === "scenario") return "";
  if (source.kind === "none")
    return l === "en"
      ? " (no interruption rate given and no interruption evidence for this offer: none assumed; set one to price the risk)"
      : "（未给出中断率，此报价也没有中断证据：按不中断计算；请填写中断率以计入风险）";
  const pct = n(source.monthlyShare * 100, 0);
  return l === "en"
    ? ` (rate from AWS Spot Advisor bucket ${source.label} dated ${source.asOf}: ${source.atLeast ? "at least " : ""}${pct}% of instances interrupted per month → λ = −ln(1 − ${n(source.monthlyShare, 2)})/730 h${source.atLeast ? ", a floor" : ""}; your own rate replaces it)`
    : `（中断率取自 AWS Spot Advisor ${source.asOf} 的档位 ${source.label}：每月${source.atLeast ? "至少 " : ""}${pct}% 的实例被中断 → λ = −ln(1 − ${n(source.monthlyShare, 2)})/730 小时${source.atLeast ? "，这是下限" : ""}；填写自己的中断率即可替换）`;
}

export function explainSpot(i: SpotExplainInput): Bilingual {
  return both((l, n, m) => {
    const run = runText(i, l);
    let model: string;
    if (i.lambda === 0) {
      model = l === "en" ? "no interruptions expected (λ = 0)" : "预计不会中断（λ = 0）";
    } else if (!i.checkpointing) {
      model =
        l === "en"
          ? `no checkpoints, λ = ${n(i.lambda)}/h, restart ${n(i.restartMinutes)} min: (e^{λT} − 1)·(1/λ + R) = ${n(i.wallHours)} h expected`
          : `无检查点，λ = ${n(i.lambda)}/小时，重启 ${n(i.restartMinutes)} 分钟：(e^{λT} − 1)·(1/λ + R) = 预计 ${n(i.wallHours)} 小时`;
    } else {
      const tau = i.intervalHours === null ? "—" : n(i.intervalHours * 60, 1);
      const source =
        i.intervalSource === "daly"
          ? l === "en"
            ? "Daly optimum"
            : "Daly 最优"
          : l === "en"
            ? "your interval"
            : "自定义间隔";
      model =
        l === "en"
          ? `λ = ${n(i.lambda)}/h, checkpoint ${n(i.checkpointMinutes)} min every ${tau} min of work (${source}), restart ${n(i.restartMinutes)} min: T·(1 + C/τ)/(1 − λ·(τ/2 + R)) = ${n(i.wallHours)} h expected`
          : `λ = ${n(i.lambda)}/小时，每 ${tau} 分钟工作写一次检查点（${source}），每次 ${n(i.checkpointMinutes)} 分钟，重启 ${n(i.restartMinutes)} 分钟：T·(1 + C/τ)/(1 − λ·(τ/2 + R)) = 预计 ${n(i.wallHours)} 小时`;
    }
    model += spotRateText(i.rateSource, l, n);
    return l === "en"
      ? `${run}; ${model}; billed ${n(i.billedHours)} h (${billingText(i.billing, l)}) × ${m(i.price)}/h spot = ${m(i.amount)}`
      : `${run}；${model}；计费 ${n(i.billedHours)} 小时（${billingText(i.billing, l)}）× 竞价实例 ${m(i.price)}/小时 = ${m(i.amount)}`;
  }, i.currency);
}

export interface ReservedExplainInput extends ComputeExplainInput {
  termHours: number;
  terms: number;
  utilisation: number;
  effectivePricePerUsedHour: number;
  breakEvenUtilisation: number | null;
}

export function explainReserved(i: ReservedExplainInput): Bilingual {
  return both((l, n, m) => {
    const paid = i.termHours * i.terms;
    const breakEven =
      i.breakEvenUtilisation === null
        ? ""
        : l === "en"
          ? `; break-even utilisation vs on-demand ${pct(i.breakEvenUtilisation, l)}`
          : `；相对按需的盈亏平衡利用率 ${pct(i.breakEvenUtilisation, l)}`;
    return l === "en"
      ? `${runText(i, l)}; ${modelName(i.model, l)}: the whole term is paid, ${i.terms} × ${n(i.termHours)} h × ${m(i.price)}/h = ${m(i.amount)}; used ${n(i.runHours)} of ${n(paid)} h (${pct(i.utilisation, l)}), ${m(i.effectivePricePerUsedHour)} per used hour${breakEven}`
      : `${runText(i, l)}；${modelName(i.model, l)}：整个期限都要付费，${i.terms} × ${n(i.termHours)} 小时 × ${m(i.price)}/小时 = ${m(i.amount)}；使用 ${n(i.runHours)} / ${n(paid)} 小时（${pct(i.utilisation, l)}），每使用小时 ${m(i.effectivePricePerUsedHour)}${breakEven}`;
  }, i.currency);
}

export function explainEgress(
  gb: number,
  freeGb: number,
  parts: { gb: number; perGb: number }[],
  amount: number,
  currency: string,
): Bilingual {
  return both((l, n, m) => {
    const tiers = parts.map((p) => `${n(p.gb)} GB × ${m(p.perGb)}/GB`).join(" + ") || "0";
    return l === "en"
      ? `Internet egress ${n(gb)} GB − ${n(freeGb)} GB free = ${n(Math.max(0, gb - freeGb))} GB: ${tiers} = ${m(amount)}`
      : `公网出流量 ${n(gb)} GB − 免费额度 ${n(freeGb)} GB = ${n(Math.max(0, gb - freeGb))} GB：${tiers} = ${m(amount)}`;
  }, currency);
}

export function explainIngress(gb: number, perGb: number, amount: number, currency: string): Bilingual {
  return both(
    (l, n, m) =>
      l === "en"
        ? `Upload (ingress) ${n(gb)} GB × ${m(perGb)}/GB = ${m(amount)}`
        : `上传（入流量）${n(gb)} GB × ${m(perGb)}/GB = ${m(amount)}`,
    currency,
  );
}

const STORAGE_NAMES = {
  block_storage: { en: "Block storage", zhCN: "块存储（云盘）" },
  object_storage: { en: "Object storage", zhCN: "对象存储" },
  snapshots: { en: "Snapshots", zhCN: "快照" },
} as const;

export function explainStorage(
  kind: keyof typeof STORAGE_NAMES,
  gb: number,
  perGbMonth: number,
  jobHours: number,
  retentionMonths: number,
  duration: { months: number; stated: boolean },
  amount: number,
  currency: string,
): Bilingual {
  const months = duration.months;
  return both((l, n, m) => {
    const why = duration.stated
      ? l === "en"
        ? "kept as the scenario states, at least the job's duration"
        : "按场景设定的保留时长，至少覆盖任务运行期"
      : l === "en"
        ? `${n(jobHours)} h job ÷ 730 + ${n(retentionMonths)} months retention`
        : `任务 ${n(jobHours)} 小时 ÷ 730 + 保留 ${n(retentionMonths)} 个月`;
    return l === "en"
      ? `${STORAGE_NAMES[kind].en}: ${n(gb)} GB × ${m(perGbMonth)}/GB-month × ${n(months)} months (${why}) = ${m(amount)}`
      : `${STORAGE_NAMES[kind].zhCN}：${n(gb)} GB × ${m(perGbMonth)}/GB·月 × ${n(months)} 个月（${why}）= ${m(amount)}`;
  }, currency);
}

const BILLING_NAME: Bilingual = { en: "billing increment", zhCN: "计费粒度" };
const lineNames = new Map<string, Bilingual>([["billing", BILLING_NAME]]);

/**
 * Called by the registry (lib/tco/lines/index.ts) with every line's name: the line modules
 * use this file, so it cannot import the registry itself.
 */
export function registerLineNames(lines: readonly { kind: string; name: Bilingual }[]): void {
  for (const line of lines) lineNames.set(line.kind, line.name);
}

/** The reader's name of a cost line (its module in lib/tco/lines) or "billing", lower case. */
export function lineName(kind: string, locale: Loc): string {
  const names = lineNames.get(kind);
  if (!names) return kind;
  return locale === "en" ? names.en : names.zhCN;
}

/**
 * A line's explanation with its evidence said in words: assumed (the median it used and of how
 * many providers), not offered (the workaround priced instead) or unknown (counted as nothing).
 */
export function withEvidence(
  text: Bilingual,
  kind: string,
  state: "known" | "assumed" | "not_offered" | "unknown",
  evidence: { medianOf?: number; workaround?: string } | undefined,
  rate: number,
  currency: string,
): Bilingual {
  if (state === "known") return text;
  const suffix = both((l, n, m) => {
    const unit = kind === "egress" || kind === "ingress" ? "GB" : l === "en" ? "GB-month" : "GB·月";
    if (state === "assumed") {
      const of = evidence?.medianOf;
      return l === "en"
        ? ` — assumed: the provider's price is not known; ${m(rate)}/${unit} is the median of ${of === undefined ? "other providers" : `${n(of)} providers`} with a sourced price`
        : `——估算值：该服务商价格未知，${m(rate)}/${unit} 取自 ${of === undefined ? "其他服务商" : `${n(of)} 家有来源价格的服务商`}的中位数`;
    }
    if (state === "not_offered") {
      const via = evidence?.workaround ? lineName(evidence.workaround, l) : null;
      return l === "en"
        ? ` — not offered: the provider has no ${lineName(kind, l)} product${via ? `; the job keeps this data in ${via} instead, priced at ${m(rate)}/${unit}` : "; the job needs a workaround elsewhere (not priced)"}`
        : `——该服务商不提供${lineName(kind, l)}${via ? `；改用${via}保存这部分数据，按 ${m(rate)}/${unit} 计` : "；需要在别处另找替代方案（未计价）"}`;
    }
    return l === "en"
      ? " — unknown: no source states this price, so it is counted as nothing and the total may be low"
      : "——价格未知：没有来源给出此价格，因此未计入，合计可能偏低";
  }, currency);
  return { en: text.en + suffix.en, zhCN: text.zhCN + suffix.zhCN };
}

export function explainLicences(
  perHour: number,
  hours: number,
  perMonth: number,
  months: number,
  amount: number,
  currency: string,
): Bilingual {
  return both(
    (l, n, m) =>
      l === "en"
        ? `Licences: ${m(perHour)}/h × ${n(hours)} h + ${m(perMonth)}/month × ${months} months = ${m(amount)}`
        : `软件许可：${m(perHour)}/小时 × ${n(hours)} 小时 + ${m(perMonth)}/月 × ${months} 个月 = ${m(amount)}`,
    currency,
  );
}

export function explainSupport(
  percent: number,
  spend: number,
  minimumPerMonth: number,
  months: number,
  amount: number,
  currency: string,
): Bilingual {
  return both(
    (l, n, m) =>
      l === "en"
        ? `Support plan: max(${n(percent)} % × ${m(spend)} spend, ${m(minimumPerMonth)}/month minimum × ${months} months) = ${m(amount)}`
        : `技术支持：max(${n(percent)} % × 支出 ${m(spend)}，每月最低 ${m(minimumPerMonth)} × ${months} 个月) = ${m(amount)}`,
    currency,
  );
}

export function explainSurcharge(
  percent: number,
  compute: number,
  amount: number,
  currency: string,
): Bilingual {
  return both(
    (l, n, m) =>
      l === "en"
        ? `Green surcharge: ${n(percent)} % × compute ${m(compute)} = ${m(amount)}`
        : `绿色能源附加费：${n(percent)} % × 计算费用 ${m(compute)} = ${m(amount)}`,
    currency,
  );
}

export function explainTax(percent: number, subtotal: number, amount: number, currency: string): Bilingual {
  return both(
    (l, n, m) =>
      l === "en"
        ? `Tax: ${n(percent)} % × subtotal ${m(subtotal)} = ${m(amount)}`
        : `税费：${n(percent)} % × 小计 ${m(subtotal)} = ${m(amount)}`,
    currency,
  );
}
