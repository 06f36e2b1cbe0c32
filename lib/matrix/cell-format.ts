// Display text and CSV values of one matrix cell. Shared by the table and the CSV export so
// both show the same figures. Runs in the browser and on the server (first render, CSV export). Pure.
import type { ColumnId } from "./columns.ts";
import type { MatrixRow } from "./rows.ts";
import type { CsvCell } from "./csv.ts";
import { sortValue } from "./sort.ts";
import { formatDataAge } from "../format/date.ts";
import { numberFormat } from "../format/intl-cache.ts";
import { formatMoney } from "../format/money.ts";

export interface CellContext {
  locale: string;
  currency: string;
  now: Date;
  interconnectLabel: (ic: string) => string;
  /** Date of the Spot Advisor snapshot behind the spotRisk column. */
  spotAdvisorAsOf?: string | undefined;
}

const num = (locale: string, digits: number) => numberFormat(locale, { maximumFractionDigits: digits });

export const providerName = (row: MatrixRow, locale: string) =>
  locale.startsWith("zh") ? row.provider.nameZh : row.provider.nameEn;

export const regionName = (row: MatrixRow, locale: string) =>
  locale.startsWith("zh") && row.region.nameZh ? row.region.nameZh : row.region.name;

export const gpuLabel = (row: MatrixRow) => row.gpu.name;

const money4 = (n: number) => n.toFixed(4);

/** AWS's own labels of its interruption buckets (share of instances interrupted per month). */
const SPOT_BUCKET_LABELS = ["<5%", "5-10%", "10-15%", "15-20%", ">20%"];

/** The text a cell shows; null means unknown (the table shows "—" with an explanation). */
export function cellText(row: MatrixRow, id: ColumnId, ctx: CellContext): string | null {
  const { locale, currency } = ctx;
  switch (id) {
    case "provider":
      return providerName(row, locale);
    case "region":
      return row.region.code;
    case "instance":
      return row.offer.instanceType;
    case "gpu":
      return gpuLabel(row);
    case "gpuCount":
      return String(row.offer.gpuCount);
    case "vram":
      return `${num(locale, 0).format(row.gpu.memoryGb)} GB`;
    case "vramTotal":
      return `${num(locale, 0).format(row.vramTotalGb)} GB`;
    case "interconnect":
      return ctx.interconnectLabel(row.offer.interconnect);
    case "vcpus":
      return row.offer.vCpus === null ? null : String(row.offer.vCpus);
    case "ram":
      return row.offer.ramGb === null ? null : `${num(locale, 0).format(row.offer.ramGb)} GB`;
    case "hourly":
      return formatMoney(money4(row.hourly), currency, locale);
    case "gpuHour":
      return formatMoney(money4(row.gpuHour), currency, locale);
    case "vramGbHour":
      return Number.isFinite(row.vramGbHour)
        ? formatMoney(row.vramGbHour.toFixed(5), currency, locale, { maximumFractionDigits: 5 })
        : null;
    case "tflopsPerDollar":
      return row.tflopsPerMoney === null ? null : num(locale, 1).format(row.tflopsPerMoney);
    case "age":
      return formatDataAge(`${row.price.observedAt}T00:00:00Z`, ctx.now, locale);
    case "egress":
      return row.provider.egressPerGb === null
        ? null
        : formatMoney(row.provider.egressPerGb.toFixed(4), currency, locale, { maximumFractionDigits: 4 });
    case "sla":
      return row.provider.slaPercent === null ? null : `${num(locale, 3).format(row.provider.slaPercent)}%`;
    case "gpusNeeded":
      return row.gpusNeeded === null ? null : String(row.gpusNeeded);
    case "spotRisk":
      return row.offer.spotBucket === undefined ? null : (SPOT_BUCKET_LABELS[row.offer.spotBucket] ?? null);
  }
}

/** Machine-readable CSV values: plain numbers (no currency symbols or grouping), ISO dates. */
export function csvValue(row: MatrixRow, id: ColumnId, ctx: CellContext): CsvCell {
  switch (id) {
    case "provider":
      return providerName(row, ctx.locale);
    case "gpu":
      return gpuLabel(row);
    case "hourly":
      return money4(row.hourly);
    case "gpuHour":
      return money4(row.gpuHour);
    case "vramGbHour":
      return Number.isFinite(row.vramGbHour) ? row.vramGbHour.toFixed(6) : null;
    case "tflopsPerDollar":
      return row.tflopsPerMoney === null ? null : row.tflopsPerMoney.toFixed(1);
    case "egress":
      return row.provider.egressPerGb === null ? null : row.provider.egressPerGb.toFixed(4);
    case "spotRisk":
      return row.offer.spotBucket === undefined ? null : (SPOT_BUCKET_LABELS[row.offer.spotBucket] ?? null);
    case "interconnect":
      // Words, as the table shows them ("NVLink", "以太网"), not the enum code.
      return ctx.interconnectLabel(row.offer.interconnect);
    default:
      // The raw value the column sorts by: codes, counts, GB, ISO dates, SLA percent.
      return sortValue(row, id, ctx.locale);
  }
}
