// Snapshots: GB × GB-month rate × months kept.
import { storageLine } from "./storage-line.ts";

export const snapshotsLine = storageLine(
  "snapshots",
  { en: "snapshots", zhCN: "快照" },
  "#be123c",
  { gb: "snapshotGb", months: "snapshotMonths", rate: "snapshotPerGbMonth" },
  {
    synthetic: (rnd, o) => ({ snapshotPerGbMonth: o.price((0.03 + rnd() * 0.03) * o.unit) }),
    offer: { max: 0.1, per: 10_000 },
    enableGb: 200,
  },
);
