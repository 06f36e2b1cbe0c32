// The six dimensions (seed 000's five plus security from seed 004): score or "unknown", the
// reasons lib/scoring gave with the facts behind each (source and date), and which facts no
// source states yet.
import { getTranslations } from "next-intl/server";

import type { AppLocale } from "@/i18n/locales.ts";
import type { Dimension } from "@/lib/scoring/dimensions.ts";
import { FACT_DIMENSION, type FactKeyName, type ProviderProfile } from "@/server/queries/provider-profile.ts";

import { ScoreValue, SourceLink } from "./bits.tsx";

const HINTS: Partial<Record<Dimension, "hardwareHint" | "securityHint" | "supportHint">> = {
  hardware: "hardwareHint",
  security: "securityHint",
  support: "supportHint",
};

export async function DimensionCards({ profile, locale }: { profile: ProviderProfile; locale: AppLocale }) {
  const t = await getTranslations("providers");
  const ts = await getTranslations("scoring");
  const tm = await getTranslations("matrix");
  const dimensions = profile.score?.dimensions ?? [];
  const factLabel = (key: string) => (key in FACT_DIMENSION ? t(`factKeys.${key as FactKeyName}`) : key);
  const asOfOf = (key: string, scope: string) =>
    profile.facts.find((f) => f.key === key && f.scope === scope)?.asOf ?? null;
  const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const scoreFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const list = (xs: string[]) => xs.join(locale === "zh-CN" ? "、" : ", ");
  /** Where unknown items were filled with the worst observed value, the dimension's ranking score. */
  const lowerConfidenceText = (dimension: Dimension) => {
    const lc = profile.score?.lowerConfidenceDimensions.find((x) => x.dimension === dimension);
    if (!lc || lc.score === null || lc.assumed.length === 0) return null;
    return (
      <p className="text-sm text-muted" data-testid={`dimension-${dimension}-lower-confidence`}>
        {ts("dimensionLowerConfidence", {
          score: scoreFormat.format(lc.score),
          items: list(lc.assumed.map((a) => ts(`items.${a.item}`))),
        })}
      </p>
    );
  };

  return (
    <ul className="grid gap-4 md:grid-cols-2" data-testid="dimensions">
      {dimensions.map((d) => {
        const missing = (Object.keys(FACT_DIMENSION) as FactKeyName[]).filter(
          (k) => FACT_DIMENSION[k] === d.dimension && profile.missingFactKeys.includes(k),
        );
        const hint = HINTS[d.dimension];
        const headingId = `dimension-${d.dimension}`;
        return (
          <li
            key={d.dimension}
            className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4"
            data-testid={headingId}
          >
            <section aria-labelledby={headingId} className="flex flex-col gap-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 id={headingId} className="font-semibold">
                  {ts(`dimensions.${d.dimension}`)}
                </h3>
                <ScoreValue score={d.score} locale={locale} />
              </div>
              {d.signals.length > 0 ? (
                <ul
                  className="flex list-disc flex-col gap-1.5 pl-5 text-sm"
                  aria-label={t("profile.reasons")}
                >
                  {d.signals.map((s, i) => {
                    const params = Object.fromEntries(
                      Object.entries(s.params).map(([k, v]) => [
                        k,
                        typeof v === "number"
                          ? numberFormat.format(v)
                          : k === "interconnect" && tm.has(`interconnects.${v}`)
                            ? tm(`interconnects.${v}` as "interconnects.NVLINK")
                            : k === "item" && ts.has(`items.${v}`)
                              ? ts(`items.${v}` as "items.vpc")
                              : v,
                      ]),
                    );
                    const text = ts.has(`reasons.${s.reason}`)
                      ? ts(`reasons.${s.reason}` as "reasons.slaPercent", params)
                      : s.reason;
                    return (
                      <li key={`${s.reason}-${i}`}>
                        <span>{text}</span>
                        {s.facts.length > 0 ? (
                          <span className="mt-0.5 flex flex-col gap-0.5 text-xs">
                            {s.facts.map((f) => (
                              <span key={`${f.key}/${f.scope}`} className="text-muted">
                                {factLabel(f.key)}:{" "}
                                <span lang={/[\u4e00-\u9fff]/.test(f.value) ? "zh" : "en"}>{f.value}</span>{" "}
                                <SourceLink
                                  url={f.sourceUrl}
                                  asOf={asOfOf(f.key, f.scope)}
                                  what={factLabel(f.key)}
                                  locale={locale}
                                />
                              </span>
                            ))}
                          </span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className="text-sm text-muted">{t("profile.noReasons")}</p>
              )}
              {d.dimension === "network" && profile.interconnects.length > 0 ? (
                <p className="text-sm text-muted">
                  {t("profile.interconnects", {
                    list: profile.interconnects
                      .map((i) => `${tm(`interconnects.${i.interconnect}`)} × ${i.offers}`)
                      .join(locale === "zh-CN" ? "、" : ", "),
                  })}
                </p>
              ) : null}
              {missing.length > 0 ? (
                <p className="text-sm text-muted" data-testid={`${headingId}-missing`}>
                  {t("profile.notStated", {
                    facts: missing.map(factLabel).join(locale === "zh-CN" ? "、" : ", "),
                  })}
                </p>
              ) : null}
              {lowerConfidenceText(d.dimension)}
              {hint && d.status === "unknown" ? (
                <p className="text-sm text-muted">{t(`profile.${hint}`)}</p>
              ) : null}
            </section>
          </li>
        );
      })}
    </ul>
  );
}
