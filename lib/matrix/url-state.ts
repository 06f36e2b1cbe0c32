// The provider matrix keeps its whole view in the query string (links from other pages use
// these names, so they are a contract). Each parameter has a codec: parse a raw value (or say
// it is invalid) and serialize it back. The server parses with parseMatrixParams to render the
// same view the browser shows; the browser's nuqs parsers wrap the same codecs.
import { isColumnId, type ColumnId } from "./columns.ts";
import { isWellFormedId } from "../ids/id.ts";
import { PROVIDER_TRAITS, type ProviderTrait } from "./traits.ts";
import {
  CONTINENTS,
  INTERCONNECTS,
  MATRIX_PRICING_MODELS,
  PROVIDER_KINDS,
  type MatrixContinent,
  type MatrixInterconnect,
  type MatrixPricingModel,
  type MatrixProviderKind,
} from "./data.ts";

export type SearchParams = Record<string, string | string[] | undefined>;

export const GROUP_BYS = ["gpu", "provider", "region"] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

export interface SortState {
  id: ColumnId;
  desc: boolean;
}

export const DEFAULT_SORT: SortState = { id: "gpuHour", desc: false };

export interface MatrixState {
  provider: string[];
  gpu: string[];
  family: string[];
  variant: string[];
  minGpus: number | null;
  minVram: number | null;
  minTotalVram: number | null;
  ic: MatrixInterconnect[];
  kind: MatrixProviderKind[];
  region: string[];
  country: string[];
  continent: MatrixContinent[];
  /** Provider traits every kept row's provider must have (lib/matrix/traits.ts). */
  need: ProviderTrait[];
  pm: MatrixPricingModel;
  max: number | null;
  /** The currency the price cap was typed in (null: the display currency, as older links mean). */
  maxCur: "USD" | "CNY" | null;
  stale: boolean;
  fits: string | null;
  sort: SortState | null;
  group: GroupBy | null;
  cols: ColumnId[] | null;
  sel: string[];
  cur: "USD" | "CNY" | null;
}

export type MatrixKey = keyof MatrixState;

export const DEFAULT_STATE: MatrixState = {
  provider: [],
  gpu: [],
  family: [],
  variant: [],
  minGpus: null,
  minVram: null,
  minTotalVram: null,
  ic: [],
  kind: [],
  region: [],
  country: [],
  continent: [],
  need: [],
  pm: "ON_DEMAND",
  max: null,
  maxCur: null,
  stale: false,
  fits: null,
  sort: null,
  group: null,
  cols: null,
  sel: [],
  cur: null,
};

/** The parameters that narrow the rows (what "clear filters" resets). */
export const FILTER_KEYS = [
  "provider",
  "gpu",
  "family",
  "variant",
  "minGpus",
  "minVram",
  "minTotalVram",
  "ic",
  "kind",
  "region",
  "country",
  "continent",
  "need",
  "max",
  "maxCur",
  "fits",
] as const satisfies readonly MatrixKey[];

/** A parsed value, or `invalid` when (part of) the raw value could not be used. */
export interface Parsed<T> {
  value: T | null;
  invalid: boolean;
}

export interface Codec<T> {
  parse(raw: string): Parsed<T>;
  serialize(value: T): string;
}

const MAX_LIST = 50;
const TOKEN = /^[\p{L}\p{N} ._/:()+-]{1,80}$/u;

function splitList(raw: string): string[] {
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function listCodec(normalise: (item: string) => string | null): Codec<string[]> {
  return {
    parse(raw) {
      const items = splitList(raw);
      const good: string[] = [];
      let invalid = items.length > MAX_LIST;
      for (const item of items.slice(0, MAX_LIST)) {
        const n = normalise(item);
        if (n === null) invalid = true;
        else if (!good.includes(n)) good.push(n);
      }
      return { value: good.length > 0 ? good : null, invalid };
    },
    serialize: (value) => value.join(","),
  };
}

const freeList = listCodec((s) => (TOKEN.test(s) ? s : null));
const slugList = listCodec((s) => (TOKEN.test(s) ? s.toLowerCase() : null));

function enumList<T extends string>(values: readonly T[]): Codec<T[]> {
  return listCodec((s) => {
    const up = s.toUpperCase();
    return (values as readonly string[]).includes(up) ? up : null;
  }) as Codec<T[]>;
}

function numberCodec(options: { integer?: boolean; min: number; max: number }): Codec<number> {
  return {
    parse(raw) {
      const n = Number(raw.trim());
      const ok =
        raw.trim() !== "" &&
        Number.isFinite(n) &&
        n >= options.min &&
        n <= options.max &&
        (!options.integer || Number.isInteger(n));
      return ok ? { value: n, invalid: false } : { value: null, invalid: true };
    },
    serialize: (value) => String(value),
  };
}

function enumCodec<T extends string>(values: readonly T[], caseInsensitive = true): Codec<T> {
  return {
    parse(raw) {
      const v = caseInsensitive ? raw.trim().toUpperCase() : raw.trim();
      const hit = values.find((x) => (caseInsensitive ? x.toUpperCase() : x) === v);
      return hit ? { value: hit, invalid: false } : { value: null, invalid: true };
    },
    serialize: (value) => value,
  };
}

const boolCodec: Codec<boolean> = {
  parse(raw) {
    const v = raw.trim().toLowerCase();
    if (v === "1" || v === "true") return { value: true, invalid: false };
    if (v === "0" || v === "false") return { value: false, invalid: false };
    return { value: null, invalid: true };
  },
  serialize: (value) => (value ? "1" : "0"),
};

const sortCodec: Codec<SortState> = {
  parse(raw) {
    const m = /^([A-Za-z]+)\.(asc|desc)$/.exec(raw.trim());
    if (!m || !isColumnId(m[1]!)) return { value: null, invalid: true };
    return { value: { id: m[1], desc: m[2] === "desc" }, invalid: false };
  },
  serialize: (value) => `${value.id}.${value.desc ? "desc" : "asc"}`,
};

const fitsCodec: Codec<string> = {
  parse(raw) {
    const v = raw.trim();
    return v.length > 0 && v.length <= 2000 ? { value: v, invalid: false } : { value: null, invalid: true };
  },
  serialize: (value) => value,
};

export const CODECS: { [K in MatrixKey]: Codec<NonNullable<MatrixState[K]>> } = {
  provider: slugList,
  gpu: slugList,
  family: freeList,
  variant: freeList,
  minGpus: numberCodec({ integer: true, min: 1, max: 1024 }),
  minVram: numberCodec({ min: 0, max: 10_000 }),
  minTotalVram: numberCodec({ min: 0, max: 1_000_000 }),
  ic: enumList(INTERCONNECTS),
  kind: enumList(PROVIDER_KINDS),
  region: freeList,
  country: listCodec((s) => (/^[A-Za-z]{2}$/.test(s) ? s.toUpperCase() : null)),
  continent: enumList(CONTINENTS),
  need: listCodec((s) => PROVIDER_TRAITS.find((t) => t === s.toLowerCase()) ?? null) as Codec<
    ProviderTrait[]
  >,
  pm: enumCodec(MATRIX_PRICING_MODELS),
  max: numberCodec({ min: 0, max: 1_000_000 }),
  maxCur: enumCodec(["USD", "CNY"] as const),
  stale: boolCodec,
  fits: fitsCodec,
  sort: sortCodec,
  group: enumCodec(GROUP_BYS, false),
  cols: listCodec((s) => (isColumnId(s) ? s : null)) as Codec<ColumnId[]>,
  sel: listCodec((s) => (isWellFormedId(s) ? s : null)),
  cur: enumCodec(["USD", "CNY"] as const),
};

export const MATRIX_KEYS = Object.keys(CODECS) as MatrixKey[];

export interface InvalidParam {
  key: MatrixKey;
  value: string;
}

/** The view described by the query string; invalid values fall back to defaults and are listed. */
export function parseMatrixParams(params: SearchParams): { state: MatrixState; invalid: InvalidParam[] } {
  const state: MatrixState = { ...DEFAULT_STATE };
  const invalid: InvalidParam[] = [];
  for (const key of MATRIX_KEYS) {
    const rawValue = params[key];
    const raw = Array.isArray(rawValue) ? rawValue[rawValue.length - 1] : rawValue;
    if (raw === undefined || raw.trim() === "") continue;
    const parsed = CODECS[key].parse(raw);
    if (parsed.invalid) invalid.push({ key, value: raw });
    if (parsed.value !== null) (state as unknown as Record<string, unknown>)[key] = parsed.value;
  }
  return { state, invalid };
}

function isDefault(key: MatrixKey, value: unknown): boolean {
  const def = DEFAULT_STATE[key];
  if (Array.isArray(value)) return value.length === 0;
  return value === def || value === null;
}

/** The query string of a view (defaults left out), in a stable key order. */
export function serializeMatrixState(state: Partial<MatrixState>): string {
  const qs = new URLSearchParams();
  for (const key of MATRIX_KEYS) {
    const value = state[key];
    if (value === undefined || isDefault(key, value)) continue;
    qs.set(key, (CODECS[key] as Codec<unknown>).serialize(value));
  }
  return qs.toString();
}

/** For the sort control: the current sort, or the default one. */
export function effectiveSort(sort: SortState | null): SortState {
  return sort ?? DEFAULT_SORT;
}
