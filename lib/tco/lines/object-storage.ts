// Object storage: GB × GB-month rate × months kept.
import { storageLine } from "./storage-line.ts";

export const objectStorageLine = storageLine(
  "object_storage",
  { en: "object storage", zhCN: "对象存储" },
  "#7c3aed",
  { gb: "objectGb", months: "objectMonths", rate: "objectStoragePerGbMonth" },
  {
    synthetic: (rnd, o) => ({ objectStoragePerGbMonth: o.price((0.015 + rnd() * 0.01) * o.unit) }),
    offer: { max: 0.05, per: 10_000 },
    enableGb: 2000,
  },
);
