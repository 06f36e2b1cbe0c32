// One colour per provider, the same in every chart (matrix, provider and GPU pages, TCO).
// Known providers get hand-picked colours that stay distinguishable next to each other and
// readable on white and dark backgrounds; any other slug gets a stable colour from a hash,
// so a provider imported later keeps its colour across pages and reloads.

const KNOWN: Record<string, string> = {
  aws: "#d97706",
  gcp: "#2563eb",
  azure: "#0891b2",
  alibaba: "#ea580c",
  tencent: "#4f46e5",
  lambda: "#7c3aed",
  runpod: "#c026d3",
  coreweave: "#0f766e",
  nebius: "#65a30d",
  vast: "#dc2626",
};

// Fallback palette (Tableau-like, contrast ≥ 3:1 on white for lines and bars).
const PALETTE = [
  "#1d4ed8",
  "#b45309",
  "#047857",
  "#be123c",
  "#6d28d9",
  "#0e7490",
  "#a16207",
  "#9d174d",
  "#4d7c0f",
  "#475569",
  "#c2410c",
  "#15803d",
];

function hash(text: string): number {
  // FNV-1a, 32 bit: stable across runtimes (server and browser agree).
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The chart colour of a provider, by slug (case-insensitive). */
export function providerColor(slug: string): string {
  const key = slug.toLowerCase();
  return KNOWN[key] ?? (PALETTE[hash(key) % PALETTE.length] as string);
}

/** Colours for pricing models, shared by every chart that compares them. */
export const PRICING_MODEL_COLORS: Record<string, string> = {
  ON_DEMAND: "#2563eb",
  SPOT: "#d97706",
  RESERVED_1Y: "#0f766e",
  RESERVED_3Y: "#7c3aed",
  MONTHLY: "#64748b",
};
