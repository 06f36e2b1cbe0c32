// Sorting matrix rows by any column. Unknown values (no SLA, no TFLOPS) always sort last, in
// both directions, so "cheapest first" never starts with blanks. Ties: price per GPU-hour, id.
import type { ColumnId } from "./columns.ts";
import type { MatrixRow } from "./rows.ts";
import type { SortState } from "./url-state.ts";

type Key = number | string | null;

export function sortValue(row: MatrixRow, id: ColumnId, locale: string): Key {
  switch (id) {
    case "provider":
      return locale.startsWith("zh") ? row.provider.nameZh : row.provider.nameEn;
    case "region":
      return row.region.code;
    case "instance":
      return row.offer.instanceType;
    case "gpu":
      return row.gpu.name;
    case "gpuCount":
      return row.offer.gpuCount;
    case "vram":
      return row.gpu.memoryGb;
    case "vramTotal":
      return row.vramTotalGb;
    case "interconnect":
      return row.offer.interconnect;
    case "vcpus":
      return row.offer.vCpus;
    case "ram":
      return row.offer.ramGb;
    case "hourly":
      return row.hourly;
    case "gpuHour":
      return row.gpuHour;
    case "vramGbHour":
      return Number.isFinite(row.vramGbHour) ? row.vramGbHour : null;
    case "tflopsPerDollar":
      return row.tflopsPerMoney;
    case "age":
      return row.price.observedAt;
    case "egress":
      return row.provider.egressPerGb;
    case "sla":
      return row.provider.slaPercent;
    case "spotRisk":
      return row.offer.spotBucket ?? null;
    case "gpusNeeded":
      return row.gpusNeeded;
  }
}

export function sortRows(rows: MatrixRow[], sort: SortState, locale: string): MatrixRow[] {
  // Built on the first text comparison only: the first Collator of a page loads ICU's collation
  // data, and the default sort (price per GPU-hour) compares numbers.
  let collator: Intl.Collator | undefined;
  const compareText = (a: string, b: string) =>
    (collator ??= new Intl.Collator(locale, { numeric: true, sensitivity: "base" })).compare(a, b);
  const dir = sort.desc ? -1 : 1;
  const keyed = rows.map((row) => ({ row, key: sortValue(row, sort.id, locale) }));
  keyed.sort((a, b) => {
    if (a.key !== b.key) {
      if (a.key === null) return 1;
      if (b.key === null) return -1;
      const c =
        typeof a.key === "number" && typeof b.key === "number"
          ? a.key - b.key
          : compareText(String(a.key), String(b.key));
      if (c !== 0) return c * dir;
    }
    return a.row.gpuHour - b.row.gpuHour || (a.row.offer.id < b.row.offer.id ? -1 : 1);
  });
  return keyed.map((k) => k.row);
}
