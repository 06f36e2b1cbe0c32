// Class names that turn a table into one card per row below the sm breakpoint (headers are
// hidden there; each cell shows its own label through MobileLabel).
export const tableClass = "w-full text-left text-sm max-sm:block sm:min-w-[36rem]";
export const theadClass =
  "border-b border-border bg-surface-muted text-xs text-muted uppercase max-sm:hidden";
export const tbodyClass = "max-sm:block";
export const rowClass =
  "border-b border-border last:border-0 max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:py-3";
export const cellClass = "px-3 py-2 align-top max-sm:flex max-sm:items-baseline max-sm:gap-2 max-sm:py-0.5";
