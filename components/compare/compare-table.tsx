// One section of the comparison: a table with one column per offer and sticky row labels
// (the columns scroll sideways on narrow screens, the labels stay).
import type { ReactNode } from "react";

import { providerColor } from "@/lib/charts/provider-colors.ts";

import { BestBadge } from "./best-badge.tsx";

export interface CompareColumn {
  id: string;
  providerSlug: string;
  providerName: string;
  instanceType: string;
  /** "Remove" link (first table only). */
  removeHref?: string | null;
  removeLabel?: string;
}

export interface CompareRow {
  key: string;
  label: ReactNode;
  cells: ReactNode[];
  best?: Set<number>;
}

export function CompareTable({
  id,
  caption,
  rowHeader,
  columns,
  rows,
  bestLabel,
  removeText,
}: {
  id: string;
  caption: string;
  rowHeader: string;
  columns: CompareColumn[];
  rows: CompareRow[];
  bestLabel: string;
  removeText?: string;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative snap-x scroll-pl-24 overflow-x-auto rounded-lg border border-border bg-surface sm:scroll-pl-44"
      data-testid={`${id}-table`}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted">
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 w-24 min-w-[6rem] bg-surface-muted px-2 py-2 text-xs font-semibold text-muted sm:w-44 sm:min-w-[7.5rem] sm:px-3"
            >
              {rowHeader}
            </th>
            {columns.map((c) => (
              <th
                key={c.id}
                scope="col"
                className="min-w-[9.75rem] snap-start px-2 py-2 align-top font-semibold sm:min-w-[12.5rem] sm:px-3"
              >
                <span className="flex items-start gap-2">
                  <span
                    aria-hidden="true"
                    className="mt-1 inline-block h-3 w-3 shrink-0 rounded-full"
                    style={{ backgroundColor: providerColor(c.providerSlug) }}
                  />
                  <span className="min-w-0">
                    <span className="block">{c.providerName}</span>
                    <span className="block font-mono text-xs font-normal [overflow-wrap:anywhere] text-muted">
                      {c.instanceType}
                    </span>
                    {c.removeHref && removeText ? (
                      <a
                        href={c.removeHref}
                        aria-label={c.removeLabel}
                        className="mt-1 inline-flex min-h-6 min-w-6 items-center text-xs font-normal"
                        data-testid={`remove-${c.id}`}
                      >
                        {removeText}
                      </a>
                    ) : null}
                  </span>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              className="border-t border-border align-top"
              data-testid={`${id}-row-${row.key}`}
            >
              <th
                scope="row"
                className="sticky left-0 z-10 w-24 min-w-[6rem] bg-surface px-2 py-2 text-xs leading-snug font-semibold text-muted sm:w-44 sm:min-w-[7.5rem] sm:px-3 sm:text-sm"
              >
                {row.label}
              </th>
              {row.cells.map((cell, i) => {
                const best = row.best?.has(i) ?? false;
                return (
                  <td
                    key={columns[i]?.id ?? i}
                    className={"px-2 py-2 sm:px-3 " + (best ? "bg-accent-soft/40" : "")}
                    data-testid={`${id}-${row.key}-${i}`}
                  >
                    {cell}
                    {best ? <BestBadge label={bestLabel} /> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
