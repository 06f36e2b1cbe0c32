// The report's results section: the ranked offers with their cost lines.
import type { ScenarioTranslator } from "@/components/scenarios/translator.ts";
import { type CostUnit } from "@/lib/scenarios/cost-unit.ts";
import type { ScenarioResult } from "@/lib/scenarios/result.ts";
import { completenessNotes } from "@/lib/tco/evidence.ts";
import { th, td, num, type Money, type Num } from "./report-parts.tsx";

export function Results({
  result,
  t,
  tco,
  money,
  n,
  model,
  locale,
  costUnit,
}: {
  result: ScenarioResult;
  t: ScenarioTranslator;
  tco: ScenarioTranslator;
  money: Money;
  n: Num;
  model: (m: string) => string;
  locale: string;
  costUnit: CostUnit;
}) {
  const rows = [...result.rows].sort((a, b) => a.rank - b.rank);
  // A cost per token or per step is often a fraction of a cent: keep three significant digits.
  const perUnitFormat = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: result.currency,
    maximumSignificantDigits: 3,
  });
  const perUnit = (v: number) => (Math.abs(v) >= 1 ? money(v) : perUnitFormat.format(v));
  return (
    <div className="flex flex-col gap-4">
      {result.budget ? (
        <p className="text-sm">
          {t("results.budgetLine", { budget: money(result.budget.amount), count: result.budget.overCount })}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="text-muted">{t("results.empty")}</p>
      ) : (
        <div className="relative overflow-x-auto print:overflow-visible">
          <table
            className="min-w-full border-collapse text-sm print:text-[8.5pt]"
            data-testid="report-results"
          >
            <thead>
              <tr>
                <th scope="col" className={`${th} text-right whitespace-nowrap`}>
                  {t("results.rank")}
                </th>
                <th scope="col" className={th}>
                  {t("results.offer")}
                </th>
                <th scope="col" className={`${th} whitespace-nowrap`}>
                  {t("results.model")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("results.total")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {costUnit.kind === "named"
                    ? t("results.costPerNamedUnit", { unit: costUnit.label })
                    : costUnit.kind === "million_tokens"
                      ? t("results.costPerMillionTokens")
                      : costUnit.kind === "step"
                        ? t("results.costPerStep")
                        : t("results.costPerUnit")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("results.expectedHours")}
                </th>
                <th scope="col" className={`${th} whitespace-nowrap`}>
                  {t("results.feasible")}
                </th>
                <th scope="col" className={th}>
                  {t("results.overBudget")}
                </th>
                <th scope="col" className={th}>
                  {t("results.warnings")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="break-inside-avoid" data-testid="report-row">
                  <td className={`${td} ${num}`}>{r.rank}</td>
                  <th scope="row" className={`${td} min-w-28 text-left font-medium`}>
                    {r.offer.name}
                  </th>
                  <td className={`${td} whitespace-nowrap`}>{model(r.pricingModel)}</td>
                  <td className={`${td} ${num} font-semibold`} data-testid="report-total">
                    {r.total === null ? t("results.notFinish") : money(r.total)}
                  </td>
                  <td className={`${td} ${num}`}>
                    {r.costPerUnit === null ? "—" : perUnit(r.costPerUnit * costUnit.scale)}
                  </td>
                  <td className={`${td} ${num}`}>{r.expectedHours === null ? "—" : n(r.expectedHours, 1)}</td>
                  <td className={td}>{r.feasible ? t("results.yes") : t("results.no")}</td>
                  <td className={td}>
                    {r.overBudget === null ? (
                      t("results.no")
                    ) : (
                      <span className="font-medium text-danger">
                        {t("results.overBy", { amount: money(r.overBudget) })}
                      </span>
                    )}
                  </td>
                  <td className={`${td} min-w-32`}>
                    {r.warnings.length > 0 || !r.completeness.complete ? (
                      <ul className="list-disc pl-4">
                        {completenessNotes(r.completeness).map((note) => (
                          <li
                            key={note.key}
                            className="font-medium text-warn-fg"
                            data-testid="report-completeness"
                          >
                            {tco(`evidence.${note.key}`, {
                              subjects: note.subjects
                                .map((s) => tco(`evidence.subjects.${s}`))
                                .join(locale === "zh-CN" ? "、" : ", "),
                            })}
                          </li>
                        ))}
                        {r.warnings.map((w) => (
                          <li key={w}>{w}</li>
                        ))}
                      </ul>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 ? (
        <div className="flex flex-col gap-3" data-testid="report-lines">
          <h3 className="font-semibold">{t("results.linesHeading")}</h3>
          {rows.map((r) => (
            <div key={r.key} className="break-inside-avoid text-sm">
              <p className="font-medium">
                {r.rank}. {r.offer.name} — {model(r.pricingModel)}
              </p>
              {r.lines.length === 0 ? (
                <p className="text-muted">{t("results.noLines")}</p>
              ) : (
                <ul className="list-disc pl-5">
                  {r.lines.map((line, i) => {
                    // An unknown line reads "unknown", never a price of zero.
                    const amount =
                      line.evidence === "unknown"
                        ? tco("evidence.states.unknown")
                        : line.evidence === "known"
                          ? money(line.amount)
                          : `${money(line.amount)} (${tco(`evidence.states.${line.evidence}`)})`;
                    return (
                      <li key={`${line.kind}-${i}`} data-evidence={line.evidence}>
                        {line.explanation
                          ? t("results.lineItem", {
                              kind: tco(`lineKinds.${line.kind}`),
                              amount,
                              explanation: line.explanation,
                            })
                          : t("results.lineItemShort", { kind: tco(`lineKinds.${line.kind}`), amount })}
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          ))}
        </div>
      ) : null}
      {result.skipped.length > 0 ? (
        <div className="break-inside-avoid text-sm" data-testid="report-skipped">
          <h3 className="font-semibold">{t("results.skippedHeading")}</h3>
          <ul className="list-disc pl-5">
            {result.skipped.map((s) => (
              <li key={`${s.offer.id}:${s.pricingModel}`}>
                {t("results.skippedItem", {
                  offer: s.offer.name,
                  model: model(s.pricingModel),
                  message: s.message,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
