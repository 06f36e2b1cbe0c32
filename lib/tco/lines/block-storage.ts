// Block storage (cloud disks): GB × GB-month rate × months kept.
import { storageLine } from "./storage-line.ts";

export const blockStorageLine = storageLine(
  "block_storage",
  { en: "block storage", zhCN: "块存储（云盘）" },
  "#0f766e",
  { gb: "blockGb", months: "blockMonths", rate: "blockStoragePerGbMonth" },
  {
    synthetic: (rnd, o) => ({ blockStoragePerGbMonth: o.price((0.05 + rnd() * 0.12) * o.unit) }),
    offer: { max: 0.2, per: 10_000 },
    enableGb: 1000,
  },
);
