// A memory estimate split the way people reason about it, per GPU, in bytes.

export interface MemoryBreakdown {
  weightsBytes: number;
  gradientsBytes: number;
  optimizerBytes: number;
  activationsBytes: number;
  kvCacheBytes: number;
  overheadBytes: number;
}

export const BREAKDOWN_PARTS = [
  "weightsBytes",
  "gradientsBytes",
  "optimizerBytes",
  "activationsBytes",
  "kvCacheBytes",
  "overheadBytes",
] as const satisfies readonly (keyof MemoryBreakdown)[];

export function totalOf(breakdown: MemoryBreakdown): number {
  return BREAKDOWN_PARTS.reduce((sum, part) => sum + breakdown[part], 0);
}

/**
 * Runtime overhead (CUDA context, allocator fragmentation, temporary buffers) as a fraction of
 * everything else: DOMAIN.md gives ~10–20 %; 10 % is the default, the user can change it.
 */
export const DEFAULT_OVERHEAD_FRACTION = 0.1;

export function withOverhead(
  parts: Omit<MemoryBreakdown, "overheadBytes">,
  fraction: number,
): MemoryBreakdown {
  const subtotal =
    parts.weightsBytes +
    parts.gradientsBytes +
    parts.optimizerBytes +
    parts.activationsBytes +
    parts.kvCacheBytes;
  return { ...parts, overheadBytes: subtotal * fraction };
}
