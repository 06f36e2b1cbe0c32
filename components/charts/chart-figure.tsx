// Accessible frame for every chart: a visible title (figcaption), an optional description,
// the chart itself (a client component passed as children; focusable, arrow keys move its
// tooltip) and the same numbers as a real table under a native
// <details> disclosure — works without JavaScript, with the keyboard and with screen readers.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

export interface ChartTableColumn {
  key: string;
  label: string;
  /** Right-align numbers. */
  numeric?: boolean;
}

export type ChartTableRow = Record<string, string | number | null>;

export function ChartFigure({
  title,
  description,
  columns,
  rows,
  children,
  testId,
  className,
}: {
  title: string;
  description?: string;
  columns: ChartTableColumn[];
  rows: ChartTableRow[];
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const t = useTranslations("charts");
  return (
    <figure className={"flex flex-col gap-2 " + (className ?? "")} data-testid={testId}>
      <figcaption>
        <span className="font-semibold">{title}</span>
        {description ? <span className="mt-0.5 block text-sm text-muted">{description}</span> : null}
      </figcaption>
      {/* Not aria-hidden: recharts makes the chart focusable so arrow keys move its tooltip. */}
      <div role="group" aria-label={title}>
        {children}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer rounded text-accent-strong select-none">
          {t("showTable", { title })}
        </summary>
        <div className="relative mt-2 overflow-x-auto">
          <table className="min-w-full border-collapse text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={
                      "border-b border-border px-2 py-1 font-medium " + (c.numeric ? "text-right" : "")
                    }
                  >
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-2 py-1 text-muted">
                    {t("noData")}
                  </td>
                </tr>
              ) : (
                rows.map((row, i) => (
                  <tr key={i} className="border-b border-border/60">
                    {columns.map((c) => (
                      <td key={c.key} className={"px-2 py-1 " + (c.numeric ? "text-right tabular-nums" : "")}>
                        {row[c.key] ?? "—"}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
