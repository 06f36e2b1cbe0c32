// nuqs parsers for the matrix URL: thin wrappers around lib/matrix/url-state.ts codecs, so the
// browser reads the query string exactly as the server did. Only `fits` and `cur` change what
// the server sends (sizing, currency): they update with a server render (shallow: false).
import { createParser } from "nuqs";

import { CODECS, type Codec, type SortState } from "@/lib/matrix/url-state.ts";

const listEq = (a: readonly string[], b: readonly string[]) => a.join(",") === b.join(",");

function fromCodec<T>(codec: Codec<T>, eq?: (a: T, b: T) => boolean) {
  return createParser<T>({
    parse: (raw) => codec.parse(raw).value,
    serialize: (value) => codec.serialize(value),
    ...(eq ? { eq } : {}),
  });
}

const list = <T extends string>(codec: Codec<T[]>) => fromCodec<T[]>(codec, listEq).withDefault([]);

export const matrixParsers = {
  provider: list(CODECS.provider),
  gpu: list(CODECS.gpu),
  family: list(CODECS.family),
  variant: list(CODECS.variant),
  minGpus: fromCodec(CODECS.minGpus),
  minVram: fromCodec(CODECS.minVram),
  minTotalVram: fromCodec(CODECS.minTotalVram),
  ic: list(CODECS.ic),
  kind: list(CODECS.kind),
  region: list(CODECS.region),
  country: list(CODECS.country),
  continent: list(CODECS.continent),
  need: list(CODECS.need),
  pm: fromCodec(CODECS.pm).withDefault("ON_DEMAND"),
  max: fromCodec(CODECS.max),
  maxCur: fromCodec(CODECS.maxCur),
  stale: fromCodec(CODECS.stale).withDefault(false),
  fits: fromCodec(CODECS.fits).withOptions({ shallow: false }),
  sort: fromCodec<SortState>(CODECS.sort, (a, b) => a.id === b.id && a.desc === b.desc),
  group: fromCodec(CODECS.group),
  cols: fromCodec(CODECS.cols, listEq),
  sel: list(CODECS.sel),
  cur: fromCodec(CODECS.cur).withOptions({ shallow: false }),
};
