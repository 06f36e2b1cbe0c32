// The three storage lines (block, object, snapshots) share one shape: GB × the provider's
// GB-month rate × the months the data is kept (storage.ts: the months the scenario states,
// at least the job's duration, else the job's hours plus the retention after it).
import * as explain from "../explain.ts";
import type { StorageInput, TcoOffer } from "../schema.ts";
import { monthsFor, storageCost, type StorageKind } from "../storage.ts";
import { rateColumn, rateOf, withEvidence } from "./rated.ts";
import type { Bilingual } from "../explain.ts";
import type { CostLine, Sample } from "./types.ts";

interface StorageFields {
  gb: "blockGb" | "objectGb" | "snapshotGb";
  months: "blockMonths" | "objectMonths" | "snapshotMonths";
  rate: "blockStoragePerGbMonth" | "objectStoragePerGbMonth" | "snapshotPerGbMonth";
}

export function storageLine<K extends StorageKind>(
  kind: K,
  name: Bilingual,
  color: string,
  fields: StorageFields,
  generate: {
    synthetic: (rnd: () => number, o: { unit: number; price: (x: number) => number }) => Partial<TcoOffer>;
    offer: Sample;
    enableGb: number;
  },
): CostLine<{ perGbMonth: Float64Array }, K> {
  return {
    kind,
    name,
    color,
    inputs: {
      offer: [fields.rate],
      scenario: [`storage.${fields.gb}`, `storage.${fields.months}`, "storage.retentionMonths"],
    },
    cost(ctx) {
      const storage = ctx.scenario.storage;
      const gb = storage[fields.gb];
      const r = rateOf(ctx, kind);
      const duration = monthsFor(kind, storage, ctx.wallHours);
      const amount = storageCost(gb, r.rate, duration.months);
      return {
        amount,
        quantity: gb,
        evidence: r.state,
        explain: () =>
          withEvidence(
            explain.explainStorage(
              kind,
              gb,
              r.rate,
              ctx.wallHours,
              storage.retentionMonths,
              duration,
              amount,
              ctx.currency,
            ),
            kind,
            r,
            ctx.currency,
          ),
      };
    },
    fast: {
      columns: (offers) => ({ perGbMonth: rateColumn(offers, kind) }),
      terms(scenario, c) {
        const storage: StorageInput = scenario.storage;
        return {
          kept: {
            column: c.perGbMonth,
            times: storage[fields.gb],
            statedMonths: storage[fields.months] ?? Number.NaN,
            retentionMonths: storage.retentionMonths,
          },
        };
      },
    },
    generate: {
      synthetic: generate.synthetic,
      offer: { [fields.rate]: generate.offer },
      scenario: { [`storage.${fields.gb}`]: { max: 50_000 }, "storage.retentionMonths": { max: 24 } },
      enable: { storage: { [fields.gb]: generate.enableGb, retentionMonths: 3 } },
    },
  };
}
