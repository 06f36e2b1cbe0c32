// A cell's column name, shown only where the table is laid out as cards (narrow screens).
export function MobileLabel({ children }: { children: string }) {
  return <span className="w-24 shrink-0 text-xs text-muted sm:hidden">{children}</span>;
}
