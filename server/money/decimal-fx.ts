// The one converter (lib/money/fx.ts) with the database's exact decimal type.
import { Prisma } from "../../generated/prisma/client.ts";
import { createConverter, type Arithmetic, type Converter, type FxRate } from "../../lib/money/fx.ts";

export const decimalArithmetic: Arithmetic<Prisma.Decimal> = {
  of: (value) => new Prisma.Decimal(value),
  mul: (a, b) => a.mul(b),
  div: (a, b) => a.div(b),
};

/** Converts stored amounts into `target` with the latest stored rates (see lib/money/fx.ts for the rules). */
export function decimalConverter(rows: readonly FxRate[], target: string): Converter<Prisma.Decimal> {
  return createConverter(rows, target, decimalArithmetic);
}
