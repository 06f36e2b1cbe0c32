// Warnings shown with a result, in English and Simplified Chinese: spot risk, commitments
// that do not pay, currency conversions and assumptions the user should replace.
import { billingText, lineName, num, pct, type Bilingual } from "./explain.ts";
import type { Billing } from "./schema.ts";
import type { LineKind } from "./evaluate.ts";

export const warn = {
  spotInfeasible: (lambda: number, tau: number | null, restartMinutes: number): Bilingual => {
    const loss = tau === null ? null : lambda * (tau / 2 + restartMinutes / 60);
    if (loss !== null && loss >= 1) {
      return {
        en: `Not expected to finish on spot: λ·(τ/2 + R) = ${num(loss, "en")} ≥ 1 (λ = ${num(lambda, "en")}/h). Shorten checkpoints or restarts, or use on-demand.`,
        zhCN: `竞价实例上预计无法完成：λ·(τ/2 + R) = ${num(loss, "zh-CN")} ≥ 1（λ = ${num(lambda, "zh-CN")}/小时）。请缩短检查点或重启时间，或使用按需实例。`,
      };
    }
    return {
      en: `Not expected to finish on spot: the expected time exceeds 1,000,000 h (λ = ${num(lambda, "en")}/h)${tau === null ? " — without checkpoints every interruption starts over" : ""}. Use checkpoints or on-demand.`,
      zhCN: `竞价实例上预计无法完成：期望时间超过 1,000,000 小时（λ = ${num(lambda, "zh-CN")}/小时）${tau === null ? "——不做检查点时每次中断都要从头开始" : ""}。请使用检查点或按需实例。`,
    };
  },
  spotExplodes: (work: number, wall: number): Bilingual => ({
    en: `Without checkpoints, ${num(work, "en")} h of work is expected to take ${num(wall, "en")} h on spot: every interruption loses all progress.`,
    zhCN: `不做检查点时，${num(work, "zh-CN")} 小时的工作在竞价实例上预计需要 ${num(wall, "zh-CN")} 小时：每次中断都会丢失全部进度。`,
  }),
  spotNotice: (seconds: number, checkpointMinutes: number): Bilingual => {
    const fits = checkpointMinutes > 0 && checkpointMinutes * 60 <= seconds;
    return {
      en: `Interruption notice: ${num(seconds, "en")} s${fits ? " — enough to write a final checkpoint" : checkpointMinutes > 0 ? " — shorter than one checkpoint" : ""}.`,
      zhCN: `中断通知提前 ${num(seconds, "zh-CN")} 秒${fits ? "，足够写入最后一个检查点" : checkpointMinutes > 0 ? "，短于一次检查点的时间" : ""}。`,
    };
  },
  reservedTooShort: (utilisation: number, breakEven: number): Bilingual => ({
    en: `Too short for a commitment: the job uses ${pct(utilisation, "en")} of the term, below the ${pct(breakEven, "en")} break-even — on-demand is cheaper.`,
    zhCN: `任务太短，不适合预留/包年包月：只用到期限的 ${pct(utilisation, "zh-CN")}，低于盈亏平衡点 ${pct(breakEven, "zh-CN")}，按需更便宜。`,
  }),
  converted: (from: string, to: string, factor: number, asOf: string | undefined): Bilingual => ({
    en: `Prices converted from ${from} to ${to} at 1 ${from} = ${num(factor, "en", 6)} ${to}${asOf ? ` (rate of ${asOf})` : ""}.`,
    zhCN: `价格由 ${from} 换算为 ${to}：1 ${from} = ${num(factor, "zh-CN", 6)} ${to}${asOf ? `（汇率日期 ${asOf}）` : ""}。`,
  }),
  assumedEfficiency: (efficiency: number, interconnect: string): Bilingual => ({
    en: `Assumed multi-GPU scaling efficiency ${num(efficiency, "en")} for ${interconnect}; set scalingEfficiency from a measured run.`,
    zhCN: `按 ${interconnect} 假设多卡扩展效率为 ${num(efficiency, "zh-CN")}；建议用实测数据设置 scalingEfficiency。`,
  }),
  unknownLines: (kinds: LineKind[]): Bilingual => ({
    en: `Unknown price: ${kinds.map((k) => lineName(k, "en")).join(", ")} — no source states it and no other provider's price could stand in, so it is counted as nothing and the total may be low.`,
    zhCN: `价格未知：${kinds.map((k) => lineName(k, "zh-CN")).join("、")}——没有来源给出价格，也无其他服务商价格可作参考，因此未计入，合计可能偏低。`,
  }),
  billingAssumed: (billing: Billing): Bilingual => ({
    en: `Billing increment not stated by the source: assumed ${billingText(billing, "en")} (the least favourable common rule); give the provider's rule to replace it.`,
    zhCN: `来源未说明计费粒度：按${billingText(billing, "zh-CN")}估算（常见规则中最不利的一种）；填写该服务商的实际规则即可替换。`,
  }),
};
