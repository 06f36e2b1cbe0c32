// The matrix "Export CSV": the WHOLE filtered, sorted (and grouped) set the URL describes,
// read from the database page by page (MATRIX_MAX_PAGE rows a query) and streamed out, with
// the columns the reader sees, in their language and currency. Written by the app's one CSV
// writer (lib/csv/write.ts through lib/matrix/csv.ts: quoting, formula cells neutralised,
// UTF-8 BOM, CRLF).
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { csvValue, type CellContext } from "../../lib/matrix/cell-format.ts";
import { visibleColumns, type ColumnId } from "../../lib/matrix/columns.ts";
import { csvLines, toCsv } from "../../lib/matrix/csv.ts";
import { MATRIX_MAX_PAGE } from "../../lib/matrix/page.ts";
import { buildRows } from "../../lib/matrix/rows.ts";
import { loadMatrixPage, type MatrixContext, type MatrixLocale } from "./load-page.ts";

export interface MatrixCsvOptions {
  locale: MatrixLocale;
  currency: "USD" | "CNY";
  /** The column header as the table shows it (in the reader's language and currency). */
  headerLabel: (id: ColumnId, currency: string) => string;
  interconnectLabel: (ic: string) => string;
  now?: Date;
  /** Rows per database read; MATRIX_MAX_PAGE unless a test asks for less. */
  pageSize?: number;
}

/** The CSV as a stream of UTF-8 chunks: the header first, then one chunk per page read. */
export function matrixCsvStream(
  db: PrismaClient,
  ctx: MatrixContext,
  options: MatrixCsvOptions,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = matrixCsvChunks(db, ctx, options);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await pages.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

export async function* matrixCsvChunks(
  db: PrismaClient,
  ctx: MatrixContext,
  {
    locale,
    currency,
    headerLabel,
    interconnectLabel,
    now = new Date(),
    pageSize = MATRIX_MAX_PAGE,
  }: MatrixCsvOptions,
): AsyncGenerator<string, void, undefined> {
  const fits = ctx.fits?.map ?? null;
  const columns = visibleColumns(ctx.state.cols, fits !== null);
  let offset = 0;
  let first = true;
  for (;;) {
    const page = await loadMatrixPage(db, ctx, {
      locale,
      currency,
      offset,
      limit: pageSize,
      now,
      withFacets: false,
    });
    const cell: CellContext = {
      locale,
      currency: page.currency,
      now: new Date(page.now),
      interconnectLabel,
      spotAdvisorAsOf: page.spotAdvisor?.asOf,
    };
    if (first) {
      yield toCsv(
        columns.map((id) => headerLabel(id, page.currency)),
        [],
      );
      first = false;
    }
    // The page's offers all carry the pricing model's price: buildRows keeps them in order.
    const rows = buildRows(page, ctx.state.pm, fits);
    if (rows.length > 0) yield csvLines(rows.map((row) => columns.map((id) => csvValue(row, id, cell))));
    offset += page.offers.length;
    if (page.offers.length === 0 || offset >= page.total) return;
  }
}
