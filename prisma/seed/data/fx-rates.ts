// USD→CNY: central parity rates published by the China Foreign Exchange Trade System, as
// reported by Xinhua. Users can override the rate in a scenario; the newest one is the default.
import type { SeedFxRate } from "../types.ts";

export const fxRates: SeedFxRate[] = [
  {
    base: "USD",
    quote: "CNY",
    rate: "7.1106",
    asOf: "2025-09-22",
    sourceUrl: "https://menafn.com/1110091824/Chinese-Yuan-Nudges-Up-Against-US-Dollar",
  },
  {
    base: "USD",
    quote: "CNY",
    rate: "6.9843",
    asOf: "2026-01-26",
    sourceUrl: "https://www.ichongqing.info/2026/01/26/chinese-yuan-strengthens-to-6-9843-against-usd-monday",
  },
];
