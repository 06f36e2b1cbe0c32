// Minimum Linux x86_64 driver for each CUDA toolkit release (GA and updates), from NVIDIA's
// CUDA Toolkit release notes, table "CUDA Toolkit and Corresponding Driver Versions":
// https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html
// We use the GA minimum of each minor version (updates may need a slightly newer driver; the
// update rows are listed too). CUDA 12.7 was never released as a toolkit (drivers 565.x report
// "CUDA Version: 12.7"), so it has no row. Minor-version compatibility (CUDA 12.x apps on
// >= 525.60.13, 11.x on >= 450.80.02) works with limits (no PTX JIT of newer PTX), so the
// toolkit minimum is the safe requirement we check.

export const CUDA_DRIVER_SOURCE_URL = "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html";

export interface CudaDriverRow {
  /** "12.4" (GA) or "12.4 Update 1". */
  release: string;
  minLinuxDriver: string;
}

export const CUDA_LINUX_DRIVERS: CudaDriverRow[] = [
  { release: "13.0", minLinuxDriver: "580.65.06" },
  { release: "12.9 Update 1", minLinuxDriver: "575.57.08" },
  { release: "12.9", minLinuxDriver: "575.51.03" },
  { release: "12.8 Update 1", minLinuxDriver: "570.124.06" },
  { release: "12.8", minLinuxDriver: "570.26" },
  { release: "12.6 Update 3", minLinuxDriver: "560.35.05" },
  { release: "12.6 Update 2", minLinuxDriver: "560.35.03" },
  { release: "12.6 Update 1", minLinuxDriver: "560.35.03" },
  { release: "12.6", minLinuxDriver: "560.28.03" },
  { release: "12.5 Update 1", minLinuxDriver: "555.42.06" },
  { release: "12.5", minLinuxDriver: "555.42.02" },
  { release: "12.4 Update 1", minLinuxDriver: "550.54.15" },
  { release: "12.4", minLinuxDriver: "550.54.14" },
  { release: "12.3 Update 1", minLinuxDriver: "545.23.08" },
  { release: "12.3", minLinuxDriver: "545.23.06" },
  { release: "12.2 Update 2", minLinuxDriver: "535.104.05" },
  { release: "12.2 Update 1", minLinuxDriver: "535.86.09" },
  { release: "12.2", minLinuxDriver: "535.54.03" },
  { release: "12.1 Update 1", minLinuxDriver: "530.30.02" },
  { release: "12.1", minLinuxDriver: "530.30.02" },
  { release: "12.0 Update 1", minLinuxDriver: "525.85.12" },
  { release: "12.0", minLinuxDriver: "525.60.13" },
  { release: "11.8", minLinuxDriver: "520.61.05" },
  { release: "11.7 Update 1", minLinuxDriver: "515.65.01" },
  { release: "11.7", minLinuxDriver: "515.43.04" },
  { release: "11.6 Update 2", minLinuxDriver: "510.47.03" },
  { release: "11.6 Update 1", minLinuxDriver: "510.47.03" },
  { release: "11.6", minLinuxDriver: "510.39.01" },
  { release: "11.5 Update 2", minLinuxDriver: "495.29.05" },
  { release: "11.5 Update 1", minLinuxDriver: "495.29.05" },
  { release: "11.5", minLinuxDriver: "495.29.05" },
  { release: "11.4 Update 4", minLinuxDriver: "470.82.01" },
  { release: "11.4 Update 3", minLinuxDriver: "470.82.01" },
  { release: "11.4 Update 2", minLinuxDriver: "470.57.02" },
  { release: "11.4 Update 1", minLinuxDriver: "470.57.02" },
  { release: "11.4", minLinuxDriver: "470.42.01" },
  { release: "11.3 Update 1", minLinuxDriver: "465.19.01" },
  { release: "11.3", minLinuxDriver: "465.19.01" },
  { release: "11.2 Update 2", minLinuxDriver: "460.32.03" },
  { release: "11.2 Update 1", minLinuxDriver: "460.32.03" },
  { release: "11.2", minLinuxDriver: "460.27.03" },
  { release: "11.1 Update 1", minLinuxDriver: "455.32" },
  { release: "11.1", minLinuxDriver: "455.23" },
  { release: "11.0 Update 1", minLinuxDriver: "450.51.06" },
  { release: "11.0", minLinuxDriver: "450.36.06" },
];

/** Compares dotted versions numerically: "550.54.14" < "560.28.03"; "12.10" > "12.9". */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(".").map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** "12.4", "12.4.1", "cuda 12.4", "12.4 Update 1" → the row's minimum driver; undefined if unknown. */
export function minimumDriverForCuda(cudaVersion: string): CudaDriverRow | undefined {
  const m = /(\d+)\.(\d+)(?:\.(\d+)|\s*update\s*(\d+))?/i.exec(cudaVersion);
  if (!m) return undefined;
  const minor = `${Number(m[1])}.${Number(m[2])}`;
  const update = Number(m[3] ?? m[4] ?? 0);
  const rows = CUDA_LINUX_DRIVERS.filter((r) => r.release === minor || r.release.startsWith(`${minor} `));
  if (rows.length === 0) return undefined;
  if (update > 0) {
    const exact = rows.find((r) => r.release === `${minor} Update ${update}`);
    if (exact) return exact;
  }
  return rows.find((r) => r.release === minor);
}
