// The GPU groups the home page headlines, and which canonical GPU models belong to each.
export const HEADLINE_GPU_GROUPS = ["h100", "a100-80gb", "l40s", "l4", "rtx-4090"] as const;
export type HeadlineGpuGroup = (typeof HEADLINE_GPU_GROUPS)[number];

export interface GpuModelIdentity {
  slug: string;
  name: string;
  family: string;
  memoryGb: number;
}

/** Lower-case, letters and digits only: "GeForce RTX-4090" → "geforcertx4090". */
function compact(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function familyKey(model: GpuModelIdentity): string {
  return compact(model.family)
    .replace(/^nvidia/, "")
    .replace(/^geforce/, "");
}

/**
 * Which headline group a GPU model belongs to, if any. Matches on the model family (falling
 * back to the slug), so every H100 variant (SXM, PCIe, NVL) counts as H100, while the
 * A100 group takes only 80 GB cards and RTX 4090 D (a different, cut-down card) is excluded.
 */
export function headlineGroupOf(model: GpuModelIdentity): HeadlineGpuGroup | undefined {
  const family = familyKey(model);
  const slug = model.slug.toLowerCase();
  const slugIs = (prefix: string) => slug === prefix || slug.startsWith(`${prefix}-`);

  if (family === "h100" || slugIs("h100")) return "h100";
  if (family === "a100" || slugIs("a100")) {
    const is80Gb = model.memoryGb >= 79 || /80gb/.test(compact(model.name));
    return is80Gb ? "a100-80gb" : undefined;
  }
  if (family === "l40s" || slugIs("l40s")) return "l40s";
  if (family === "l4" || slugIs("l4")) return "l4";
  // The stock 24 GB card only: a memory-modified 48 GB RTX 4090 is another product.
  if (family === "rtx4090" || slugIs("rtx-4090")) return model.memoryGb <= 24 ? "rtx-4090" : undefined;
  return undefined;
}
