// One TCO total as every offer view shows it (compare, shortlist, shared shortlist): the amount,
// a commitment in words (what it commits you to, this job's share, the break-even) and the
// engine's completeness notes (unknown, not offered, assumed). The engine decides; this renders.
import type { AppLocale } from "@/i18n/locales.ts";
import type { TcoResultJson } from "@/lib/tco/api-schema.ts";
import { completenessNotes } from "@/lib/tco/evidence.ts";

import type { CompareT } from "./compare-translations.ts";

type TotalFacts = Pick<TcoResultJson, "pricingModel" | "completeness" | "reserved">;

export function TcoTotal({
  r,
  money,
  locale,
  t,
  size = "base",
}: {
  r: TotalFacts & { total: number };
  money: (amount: number) => string;
  locale: AppLocale;
  t: CompareT;
  size?: "base" | "sm";
}) {
  const join = (subjects: string[]) =>
    subjects.map((x) => t(`tcoWords.evidence.subjects.${x}`)).join(locale === "zh-CN" ? "、" : ", ");
  return (
    <span
      className="inline-block text-left"
      data-testid="tco-total"
      data-complete={String(r.completeness.complete)}
    >
      <span className={`${size === "base" ? "text-base" : ""} block font-semibold tabular-nums`}>
        {money(r.total)}
      </span>
      {r.reserved ? <CommitmentWords r={r} money={money} locale={locale} t={t} /> : null}
      {completenessNotes(r.completeness).map((note) => (
        <span
          key={note.key}
          className={`mt-0.5 block w-fit rounded px-1.5 py-0.5 text-xs font-medium ${
            note.key === "rowUnknown" ? "bg-danger/10 text-danger" : "bg-warn-bg text-warn-fg"
          }`}
          data-testid="tco-completeness"
        >
          {t(`tcoWords.evidence.${note.key}`, { subjects: join(note.subjects) })}
        </span>
      ))}
    </span>
  );
}

/** A commitment's total in words: what it commits you to, the job's share, the break-even. */
function CommitmentWords({
  r,
  money,
  locale,
  t,
}: {
  r: TotalFacts & { total: number };
  money: (amount: number) => string;
  locale: AppLocale;
  t: CompareT;
}) {
  const c = r.reserved!;
  const percent = (v: number) =>
    new Intl.NumberFormat(locale, { style: "percent", maximumSignificantDigits: 2 }).format(v);
  const term = t(`tcoWords.commitment.terms.${r.pricingModel}`);
  const text =
    c.statedUtilisation !== null
      ? t("tcoWords.commitment.stated", {
          term,
          amount: money(c.commitmentCost),
          utilisation: percent(c.statedUtilisation),
          charged: money(r.total),
        })
      : c.breakEvenUtilisation !== null
        ? t("tcoWords.commitment.whole", {
            term,
            amount: money(c.commitmentCost),
            share: percent(c.utilisation),
            breakEven: percent(c.breakEvenUtilisation),
          })
        : t("tcoWords.commitment.wholeNoBreakEven", {
            term,
            amount: money(c.commitmentCost),
            share: percent(c.utilisation),
          });
  return (
    <span className="mt-0.5 block max-w-56 text-xs text-muted" data-testid="tco-commitment">
      {text}
    </span>
  );
}
