// The part of the matrix URL state that changes which rows the server answers (filters,
// pricing model, cap, stale, workload, sort, group) as a query string — the key of the
// browser's page cache and the query of its requests to the rows route. Columns (cols),
// selection (sel) and the currency switch (cur) are left out: they never change the rows
// (the currency travels separately). Pure.
import { MATRIX_KEYS, serializeMatrixState, type MatrixKey, type MatrixState } from "./url-state.ts";

const CLIENT_ONLY: ReadonlySet<MatrixKey> = new Set(["cols", "sel", "cur"]);
export const ROW_KEYS: readonly MatrixKey[] = MATRIX_KEYS.filter((k) => !CLIENT_ONLY.has(k));

export function rowQuery(state: MatrixState): string {
  const picked: Partial<MatrixState> = {};
  for (const key of ROW_KEYS) (picked as Record<string, unknown>)[key] = state[key];
  return serializeMatrixState(picked);
}

/** The page cache's key: currency, rows query and offset. */
export function pageKey(currency: string, query: string, offset: number): string {
  return `${currency}|${query}|${offset}`;
}
