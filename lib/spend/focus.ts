// FOCUS (FinOps Open Cost and Usage Specification) billing files, 1.0 to 1.3, read from CSV text.
// Pure: text in, rows plus the quirks tolerated, or a refusal with row-level reasons (nothing
// is imported from a refused file). Gzip is undone by the caller (server/spend/import.ts).
//
// Mandatory columns are required; conditional ones (ResourceId, SubAccountId, Tags, RegionId,
// SkuId, CommitmentDiscount*, ...) are read when the header has them and never assumed.
// Tolerated quirks, counted in the report: the string "NULL" for an empty value, datetimes
// without "T" or "Z" (read as UTC), columns FOCUS does not define (kept out), tag keys with
// surrounding spaces (trimmed). Costs stay decimal strings (the database stores Decimal).
import { readCsvRows } from "../catalog/csv.ts";

/**
 * FOCUS 1.2's Mandatory columns, transcribed from the column table of
 * FinOps-Open-Cost-and-Usage-Spec/FOCUS_Spec tag v1.2 (7296e314, 2025-05-30),
 * specification/columns/*.md, "Feature level: Mandatory" (21 columns, all introduced in 1.0).
 * FOCUS 1.3 deprecates ProviderName and PublisherName for ServiceProviderName and
 * HostProviderName: either name of the pair satisfies the requirement (FOCUS_ALTERNATIVES).
 */
export const FOCUS_MANDATORY_COLUMNS = [
  "BilledCost",
  "BillingAccountId",
  "BillingAccountName",
  "BillingCurrency",
  "BillingPeriodEnd",
  "BillingPeriodStart",
  "ChargeCategory",
  "ChargeClass",
  "ChargeDescription",
  "ChargePeriodEnd",
  "ChargePeriodStart",
  "ContractedCost",
  "EffectiveCost",
  "InvoiceIssuerName",
  "ListCost",
  "PricingQuantity",
  "PricingUnit",
  "ProviderName",
  "PublisherName",
  "ServiceCategory",
  "ServiceName",
] as const;

const FOCUS_ALTERNATIVES: Record<string, string> = {
  ProviderName: "ServiceProviderName",
  PublisherName: "HostProviderName",
};

/** Columns first defined in a later version (same table, "introduced_in"; 1.3 from its release notes). */
const INTRODUCED: Record<string, string> = {
  CapacityReservationId: "1.1",
  CommitmentDiscountQuantity: "1.1",
  ServiceSubcategory: "1.1",
  SkuMeter: "1.1",
  BillingAccountType: "1.2",
  InvoiceId: "1.2",
  PricingCurrency: "1.2",
  SubAccountType: "1.2",
  ServiceProviderName: "1.3",
  HostProviderName: "1.3",
  AllocatedMethodId: "1.3",
};

/** Every column FOCUS 1.0-1.3 defines that this reader knows; others are reported as extra. */
const KNOWN_COLUMNS = new Set<string>([
  ...FOCUS_MANDATORY_COLUMNS,
  ...Object.keys(INTRODUCED),
  ...`AvailabilityZone CapacityReservationStatus ChargeFrequency CommitmentDiscountCategory
  CommitmentDiscountId CommitmentDiscountName CommitmentDiscountStatus CommitmentDiscountType
  CommitmentDiscountUnit ConsumedQuantity ConsumedUnit ContractedUnitPrice ListUnitPrice
  PricingCategory PricingCurrencyContractedUnitPrice PricingCurrencyEffectiveCost
  PricingCurrencyListUnitPrice RegionId RegionName ResourceId ResourceName ResourceType SkuId
  SkuPriceDetails SkuPriceId SubAccountId SubAccountName Tags AllocatedMethodDetails
  AllocatedResourceId AllocatedResourceName AllocatedTags ContractApplied`.split(/\s+/),
]);

export type PricingModel = "on_demand" | "spot" | "reserved";
export type CostLine = "compute" | "storage" | "snapshot" | "egress" | "address" | "network" | "other";

export interface FocusRow {
  row: number;
  billingAccountId: string;
  billingPeriodStart: Date;
  chargePeriodStart: Date;
  chargePeriodEnd: Date;
  providerName: string;
  serviceName: string;
  serviceCategory: string;
  chargeCategory: string;
  chargeDescription: string;
  pricingCategory: string | null;
  pricingModel: PricingModel | null;
  costLine: CostLine;
  currency: string;
  /** Decimal strings as in the file. */
  billedCost: string;
  effectiveCost: string;
  listCost: string;
  resourceId: string | null;
  resourceType: string | null;
  regionId: string | null;
  skuId: string | null;
  subAccountId: string | null;
  subAccountName: string | null;
  tags: Record<string, string> | null;
}

export interface FocusQuirks {
  nullStrings: number;
  naiveDatetimes: number;
  extraColumns: string[];
  trimmedTagKeys: number;
  unreadableTags: number;
}

export interface FocusProblem {
  row: number;
  column?: string;
  reason: string;
}

export type FocusParse =
  | { ok: true; version: string; rows: FocusRow[]; quirks: FocusQuirks; columns: string[] }
  | { ok: false; problems: FocusProblem[] };

export const MAX_FOCUS_ROWS = 2_000_000;
const MAX_PROBLEMS = 20;

/** PricingCategory (FOCUS) → our pricing models; Other and absent → null (not assumed). */
export function pricingModelOf(category: string | null): PricingModel | null {
  switch (category) {
    case "Standard":
      return "on_demand";
    case "Dynamic":
      return "spot";
    case "Committed":
      return "reserved";
    default:
      return null;
  }
}

/** Which of our cost lines a charge is (compute, storage, snapshot, egress, public address, other network, other). */
export function costLineOf(r: {
  serviceCategory: string;
  chargeDescription: string;
  resourceType: string | null;
  skuId?: string | null;
}): CostLine {
  const text = `${r.chargeDescription} ${r.resourceType ?? ""}`.toLowerCase();
  if (/snapshot/.test(text)) return "snapshot";
  if (/\b(elastic ip|public ip|ip address|ipv4 address|publicip)/.test(text)) return "address";
  if (/data transfer out|egress|internet out|outbound data|datatransfer-out|to internet/.test(text))
    return "egress";
  switch (r.serviceCategory) {
    case "Compute":
      return /data transfer/.test(text) ? "network" : "compute";
    case "Storage":
      return "storage";
    case "Networking":
      return "network";
    default:
      return "other";
  }
}

const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function parseDate(value: string, quirks: FocusQuirks): Date | null {
  const m = ISO.exec(value);
  if (!m) return null;
  const naive = !m[7] || !value.includes("T");
  if (naive) quirks.naiveDatetimes++;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? "00"}:${m[5] ?? "00"}:${m[6] ?? "00"}${m[7] ? (m[7] === "Z" ? "Z" : m[7]) : "Z"}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function detectVersion(columns: string[]): string {
  let version = "1.0";
  for (const c of columns) {
    const v = INTRODUCED[c];
    if (v && v > version) version = v;
  }
  return version;
}

/** Reads a FOCUS CSV file. Never throws for bad input. */
export function parseFocusCsv(text: string): FocusParse {
  const { rows, unterminated } = readCsvRows(text.replace(/^\uFEFF/, ""));
  const [header, ...data] = rows;
  if (!header || header.every((h) => h.trim() === "")) {
    return { ok: false, problems: [{ row: 1, reason: "The file is empty or has no header row." }] };
  }
  if (data.length > MAX_FOCUS_ROWS) {
    return {
      ok: false,
      problems: [{ row: 1, reason: `More than ${MAX_FOCUS_ROWS} rows: split the file by billing period.` }],
    };
  }
  const columns = header.map((h) => h.trim());
  const index = new Map(columns.map((c, i) => [c, i]));
  const missing = FOCUS_MANDATORY_COLUMNS.filter(
    (c) => !index.has(c) && !(FOCUS_ALTERNATIVES[c] && index.has(FOCUS_ALTERNATIVES[c])),
  );
  if (missing.length > 0) {
    return {
      ok: false,
      problems: [{ row: 1, reason: `Not a FOCUS file: mandatory column(s) missing: ${missing.join(", ")}` }],
    };
  }
  const quirks: FocusQuirks = {
    nullStrings: 0,
    naiveDatetimes: 0,
    extraColumns: columns.filter((c) => !KNOWN_COLUMNS.has(c) && !c.startsWith("x_")),
    trimmedTagKeys: 0,
    unreadableTags: 0,
  };
  const col = (name: string) =>
    index.get(name) ?? (FOCUS_ALTERNATIVES[name] ? index.get(FOCUS_ALTERNATIVES[name]) : undefined);
  const at = {
    billed: col("BilledCost")!,
    effective: col("EffectiveCost")!,
    list: col("ListCost")!,
    account: col("BillingAccountId")!,
    billingStart: col("BillingPeriodStart")!,
    start: col("ChargePeriodStart")!,
    end: col("ChargePeriodEnd")!,
    currency: col("BillingCurrency")!,
    provider: col("ProviderName")!,
    service: col("ServiceName")!,
    serviceCategory: col("ServiceCategory")!,
    chargeCategory: col("ChargeCategory")!,
    description: col("ChargeDescription")!,
    pricingCategory: col("PricingCategory"),
    resourceId: col("ResourceId"),
    resourceType: col("ResourceType"),
    regionId: col("RegionId"),
    skuId: col("SkuId"),
    subAccountId: col("SubAccountId"),
    subAccountName: col("SubAccountName"),
    tags: col("Tags"),
  };
  const problems: FocusProblem[] = [];
  const out: FocusRow[] = [];
  const problem = (p: FocusProblem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  for (let i = 0; i < data.length; i++) {
    const fields = data[i]!;
    const row = i + 2;
    if (fields.length === 1 && (fields[0] ?? "").trim() === "") continue;
    if (unterminated && i === data.length - 1) {
      problem({ row, reason: "A quoted field is never closed (truncated file?)." });
      break;
    }
    if (fields.length !== columns.length) {
      problem({ row, reason: `${fields.length} fields, the header has ${columns.length}.` });
      continue;
    }
    const get = (j: number | undefined): string | null => {
      if (j === undefined) return null;
      const v = fields[j]!.trim();
      if (v === "NULL") {
        quirks.nullStrings++;
        return null;
      }
      return v === "" ? null : v;
    };
    const money = (j: number, name: string): string | null => {
      const v = get(j);
      if (v === null || !DECIMAL.test(v)) {
        problem({
          row,
          column: name,
          reason: v === null ? "empty (mandatory)" : `"${v.slice(0, 40)}" is not a number`,
        });
        return null;
      }
      return v;
    };
    const date = (j: number, name: string): Date | null => {
      const v = get(j);
      const d = v === null ? null : parseDate(v, quirks);
      if (!d)
        problem({
          row,
          column: name,
          reason: v === null ? "empty (mandatory)" : `"${v.slice(0, 40)}" is not a date`,
        });
      return d;
    };
    const billedCost = money(at.billed, "BilledCost");
    const effectiveCost = money(at.effective, "EffectiveCost");
    const listCost = money(at.list, "ListCost");
    const chargePeriodStart = date(at.start, "ChargePeriodStart");
    const chargePeriodEnd = date(at.end, "ChargePeriodEnd");
    const billingPeriodStart = date(at.billingStart, "BillingPeriodStart");
    const currency = get(at.currency);
    if (!currency || !/^[A-Z]{3}$/.test(currency)) {
      problem({ row, column: "BillingCurrency", reason: `"${currency ?? ""}" is not an ISO 4217 code` });
    }
    const account = get(at.account);
    if (!account) problem({ row, column: "BillingAccountId", reason: "empty (mandatory)" });
    if (
      billedCost === null ||
      effectiveCost === null ||
      listCost === null ||
      !chargePeriodStart ||
      !chargePeriodEnd ||
      !billingPeriodStart ||
      !currency ||
      !/^[A-Z]{3}$/.test(currency) ||
      !account
    ) {
      continue;
    }
    let tags: Record<string, string> | null = null;
    const rawTags = get(at.tags);
    if (rawTags) {
      try {
        const parsed: unknown = JSON.parse(rawTags);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
          tags = {};
          for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
            const key = k.trim();
            if (key !== k) quirks.trimmedTagKeys++;
            if (key) tags[key] = typeof v === "string" ? v : JSON.stringify(v);
          }
        } else quirks.unreadableTags++;
      } catch {
        quirks.unreadableTags++;
      }
    }
    const serviceCategory = get(at.serviceCategory) ?? "Other";
    const chargeDescription = get(at.description) ?? "";
    const resourceType = get(at.resourceType);
    const skuId = get(at.skuId);
    const pricingCategory = get(at.pricingCategory);
    out.push({
      row,
      billingAccountId: account,
      billingPeriodStart,
      chargePeriodStart,
      chargePeriodEnd,
      providerName: get(at.provider) ?? "",
      serviceName: get(at.service) ?? "",
      serviceCategory,
      chargeCategory: get(at.chargeCategory) ?? "",
      chargeDescription,
      pricingCategory,
      pricingModel: pricingModelOf(pricingCategory),
      costLine: costLineOf({ serviceCategory, chargeDescription, resourceType, skuId }),
      currency,
      billedCost,
      effectiveCost,
      listCost,
      resourceId: get(at.resourceId),
      resourceType,
      regionId: get(at.regionId),
      skuId,
      subAccountId: get(at.subAccountId),
      subAccountName: get(at.subAccountName),
      tags,
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, version: detectVersion(columns), rows: out, quirks, columns };
}
