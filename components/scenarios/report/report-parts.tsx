// Pieces the report's sections share: number and link helpers, table cell classes, a section.
import type { ReactNode } from "react";

/** Decimal string for formatMoney from an engine number (cents and sub-cent prices kept). */
export function decimal(value: number): string {
  const text = value.toFixed(6).replace(/0+$/, "").replace(/\.$/, "");
  return text === "-0" ? "0" : text;
}

/** An http(s) source link, or null (never a javascript: or malformed URL as a link). */
export function safeUrl(url: string | null): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed : null;
  } catch {
    return null;
  }
}

export const th = "border-b border-border px-2 py-1 text-left font-medium print:px-1";
export const td = "border-b border-border/60 px-2 py-1 align-top print:px-1";
export const num = "text-right tabular-nums";

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 print:break-inside-auto">
      <h2 id={`${id}-heading`} className="text-xl font-semibold print:break-after-avoid">
        {title}
      </h2>
      {children}
    </section>
  );
}
export type Money = (value: number, currency?: string) => string;
export type Num = (value: number, digits?: number) => string;
