// Parser for what users paste from `nvidia-smi`: the default table, `nvidia-smi -q` (and -a),
// `nvidia-smi -L` (with MIG lines) and `--query-gpu=… --format=csv` (with or without units,
// any column order). Pattern based, so shell prompts, banners, CRLF, indentation and trailing
// junk are ignored. Never throws: input it cannot read comes back as { ok: false, reason }.

export type NvidiaSmiFormat = "table" | "query" | "csv" | "list";

export interface ParsedGpu {
  index: number;
  name: string;
  /** Total memory visible to the driver; null when the output does not show it (-L). */
  memoryMiB: number | null;
  busId: string | null;
  uuid: string | null;
  persistenceMode: boolean | null;
  /** ECC mode: true on, false off, null unknown or not supported. */
  eccEnabled: boolean | null;
  /** Volatile uncorrected ECC errors; null when not shown. */
  eccErrors: number | null;
  powerCapW: number | null;
  migMode: boolean | null;
  /** -q / csv "Virtualization Mode": "VGPU" in a vGPU guest, "Pass-Through", "None"; null when not shown. */
  virtualizationMode: string | null;
}

export interface ParsedMigDevice {
  gpuIndex: number;
  gpuInstanceId: number | null;
  computeInstanceId: number | null;
  device: number | null;
  /** e.g. "1g.10gb" (from -L); null when the output does not name it. */
  profile: string | null;
  memoryMiB: number | null;
  uuid: string | null;
}

export interface ParsedNvidiaSmiOk {
  ok: true;
  format: NvidiaSmiFormat;
  driverVersion: string | null;
  cudaVersion: string | null;
  gpus: ParsedGpu[];
  migDevices: ParsedMigDevice[];
  /** True when the table looked cut off (a GPU block without its memory line). */
  truncated: boolean;
  /** Sharing layers the text itself shows (HAMi-core log lines, a licensed vGPU guest). */
  sharingLayers: SharingLayer[];
}

/**
 * A software layer between the job and the card that the output itself reveals:
 * - "hami": HAMi-core (Project-HAMi, the CUDA interposer behind Kubernetes GPU sharing) prints
 *   "[HAMI-core Msg(pid:tid:libvgpu.c:836)]: Initializing....." before nvidia-smi's own output
 *   and makes nvidia-smi show the container's memory limit, not the card's
 *   (https://github.com/Project-HAMi/HAMi-core#readme, "docker run … -e CUDA_DEVICE_MEMORY_LIMIT=2g … nvidia-smi").
 * - "vgpu": an NVIDIA vGPU (GRID) guest: nvidia-smi -q has a "vGPU Software Licensed Product"
 *   section with a "License Status" (NVIDIA Virtual GPU Software User Guide,
 *   https://docs.nvidia.com/vgpu/latest/grid-vgpu-user-guide/index.html), or the driver line
 *   names a GRID driver.
 */
export interface SharingLayer {
  kind: "hami" | "vgpu";
  /** The line that shows it, as pasted (trimmed, at most 160 characters). */
  evidence: string;
}

/** The sharing layers a pasted text shows, each once with its first line of evidence. */
export function detectSharingLayers(text: string): SharingLayer[] {
  const out: SharingLayer[] = [];
  const lines = text.split("\n");
  const first = (pattern: RegExp) =>
    lines
      .find((l) => pattern.test(l))
      ?.trim()
      .slice(0, 160);
  const hami = first(/\[HAMI-core (?:Msg|Info|Warn|Error|Debug)\(/i);
  if (hami) out.push({ kind: "hami", evidence: hami });
  const vgpu =
    first(/^\s*vGPU Software Licensed Product\b/i) ??
    first(/^\s*License Status\s*:\s*(?:Licensed|Unlicensed)/i) ??
    first(/\bGRID\b.*\bDriver\b|\bDriver\b.*\bGRID\b|-grid\b/i);
  if (vgpu) out.push({ kind: "vgpu", evidence: vgpu });
  return out;
}

export type NvidiaSmiFailureReason =
  "empty" | "unrecognised" | "csv-no-header" | "html" | "no-devices" | "driver-failure";

export interface ParsedNvidiaSmiError {
  ok: false;
  reason: NvidiaSmiFailureReason;
  message: string;
}

export type ParsedNvidiaSmi = ParsedNvidiaSmiOk | ParsedNvidiaSmiError;

const BUS_ID = /^[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f]$/;
const HOW_TO =
  "Paste the output of nvidia-smi (the default table), nvidia-smi -q, nvidia-smi -L or nvidia-smi --query-gpu=index,name,memory.total,pci.bus_id,driver_version --format=csv.";

function failure(reason: NvidiaSmiFailureReason, message: string): ParsedNvidiaSmiError {
  return { ok: false, reason, message };
}

/** "[N/A]", "N/A", "[Not Supported]", "[Requested functionality…]", "" → null. */
function cell(value: string | undefined): string | null {
  const v = (value ?? "").trim();
  if (!v || /^\[.*\]$/.test(v) || /^N\/A$/i.test(v) || /^Not Supported$/i.test(v)) return null;
  return v;
}

function number(value: string | undefined | null): number | null {
  const m = /-?\d+(?:\.\d+)?/.exec(value ?? "");
  return m ? Number(m[0]) : null;
}

/** "81559 MiB", "81559", "80 GiB" → MiB. */
function mib(value: string | null | undefined, defaultUnit: "MiB" | "GiB" = "MiB"): number | null {
  const v = cell(value ?? "");
  if (!v) return null;
  const n = number(v);
  if (n === null) return null;
  const unit = /GiB/i.test(v) ? "GiB" : /MiB/i.test(v) ? "MiB" : defaultUnit;
  return Math.round(unit === "GiB" ? n * 1024 : n);
}

function onOff(value: string | null | undefined): boolean | null {
  const v = cell(value ?? "");
  if (!v) return null;
  if (/^(on|enabled|yes)$/i.test(v)) return true;
  if (/^(off|disabled|no)$/i.test(v)) return false;
  return null;
}

function versions(text: string): { driverVersion: string | null; cudaVersion: string | null } {
  const driver = /(?:Driver|KMD) Version\s*:\s*([0-9][0-9.]*[0-9])/i.exec(text);
  const cuda = /CUDA (?:UMD )?Version\s*:\s*([0-9]+\.[0-9]+)/i.exec(text);
  return { driverVersion: driver?.[1] ?? null, cudaVersion: cuda?.[1] ?? null };
}

function newGpu(index: number, name: string): ParsedGpu {
  return {
    index,
    name,
    memoryMiB: null,
    busId: null,
    uuid: null,
    persistenceMode: null,
    eccEnabled: null,
    eccErrors: null,
    powerCapW: null,
    migMode: null,
    virtualizationMode: null,
  };
}

/** Cells of a table line: "| a | b |" → ["a", "b"]. */
function cellsOf(line: string): string[] {
  const t = line.trim();
  if (!t.startsWith("|")) return [];
  return t
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());
}

// -L: "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-…)" and "  MIG 1g.10gb Device 2: (UUID: MIG-…)".
const LIST_GPU = /^\s*GPU (\d+): /;

/** "GPU 0: NVIDIA L4 (UUID: GPU-x)" → index, name, uuid; string scans, no backtracking. */
function listGpu(line: string): { index: number; name: string; uuid: string } | undefined {
  const m = LIST_GPU.exec(line);
  if (!m) return undefined;
  const rest = line.slice(m[0].length);
  const at = rest.lastIndexOf("(UUID:");
  const end = rest.indexOf(")", at);
  if (at < 0 || end < 0) return undefined;
  const name = rest.slice(0, at).trim();
  return name ? { index: Number(m[1]), name, uuid: rest.slice(at + 6, end).trim() } : undefined;
}

/**
 * First cell of a GPU row: "0  NVIDIA A100-SXM4-40GB          On". The last word is the
 * persistence mode on Linux, the driver model (WDDM/TCC/MCDM) on Windows.
 */
function gpuHead(text: string): { index: number; name: string; mode: string } | undefined {
  const words = text.trim().split(/\s+/);
  if (words.length < 3 || !/^\d+$/.test(words[0] ?? "")) return undefined;
  const mode = words[words.length - 1] ?? "";
  if (!/^(On|Off|N\/A|WDDM|TCC|MCDM)$/.test(mode)) return undefined;
  return { index: Number(words[0]), name: words.slice(1, -1).join(" "), mode };
}
const LIST_MIG = /^\s*MIG ((?:\d+c\.)?\d+g\.\d+gb(?:\+\w+)?)\s+Device\s+(\d+):\s*\(UUID: ([^)]+)\)/i;

function parseList(lines: string[]): { gpus: ParsedGpu[]; mig: ParsedMigDevice[] } {
  const gpus: ParsedGpu[] = [];
  const mig: ParsedMigDevice[] = [];
  for (const line of lines) {
    const g = listGpu(line);
    if (g) {
      const gpu = newGpu(g.index, g.name);
      gpu.uuid = g.uuid;
      gpus.push(gpu);
      continue;
    }
    const m = LIST_MIG.exec(line);
    const parent = gpus[gpus.length - 1];
    if (m && parent) {
      mig.push({
        gpuIndex: parent.index,
        gpuInstanceId: null,
        computeInstanceId: null,
        device: Number(m[2]),
        profile: (m[1] ?? "").toLowerCase(),
        memoryMiB: null,
        uuid: (m[3] ?? "").trim(),
      });
    }
  }
  return { gpus, mig };
}

function parseTable(lines: string[]): { gpus: ParsedGpu[]; mig: ParsedMigDevice[]; truncated: boolean } {
  const gpus: ParsedGpu[] = [];
  const mig: ParsedMigDevice[] = [];
  let truncated = false;
  for (let i = 0; i < lines.length; i++) {
    const cells = cellsOf(lines[i] ?? "");
    if (cells.length < 2) continue;
    const head = gpuHead(cells[0] ?? "");
    const bus = (cells[1] ?? "").split(/\s+/)[0] ?? "";
    if (head && BUS_ID.test(bus)) {
      const gpu = newGpu(head.index, head.name);
      gpu.persistenceMode = onOff(head.mode);
      gpu.busId = bus;
      const ecc = cell(cells[2]);
      if (ecc !== null) {
        if (/^\d+$/.test(ecc)) {
          gpu.eccEnabled = true;
          gpu.eccErrors = Number(ecc);
        } else gpu.eccEnabled = onOff(ecc);
      }
      const second = cellsOf(lines[i + 1] ?? "");
      const memory = /\/\s*(\d+)\s*MiB/i.exec(second[1] ?? "");
      if (memory) {
        gpu.memoryMiB = Number(memory[1]);
        const cap = /\/\s*(\d+(?:\.\d+)?)\s*W/i.exec(second[0] ?? "");
        gpu.powerCapW = cap ? Number(cap[1]) : null;
        const third = cellsOf(lines[i + 2] ?? "");
        if (third.length >= 3 && !/^\d+\s/.test(third[0] ?? "")) gpu.migMode = onOff(third[2]);
      } else truncated = true;
      gpus.push(gpu);
      continue;
    }
    // MIG devices table: "| 0  2  0  0 | 26MiB / 40448MiB | …".
    const ids = /^(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$/.exec(cells[0] ?? "");
    const memory = /MiB\s*\/\s*(\d+)\s*MiB/i.exec(cells[1] ?? "");
    if (ids && memory) {
      mig.push({
        gpuIndex: Number(ids[1]),
        gpuInstanceId: Number(ids[2]),
        computeInstanceId: Number(ids[3]),
        device: Number(ids[4]),
        profile: null,
        memoryMiB: Number(memory[1]),
        uuid: null,
      });
    }
  }
  return { gpus, mig, truncated };
}

/** `nvidia-smi -q`: indentation gives the section path ("FB Memory Usage/Total"). */
function parseQuery(lines: string[]): { gpus: ParsedGpu[]; mig: ParsedMigDevice[] } {
  const gpus: ParsedGpu[] = [];
  const mig: ParsedMigDevice[] = [];
  let gpu: ParsedGpu | undefined;
  let migDevice: ParsedMigDevice | undefined;
  let stack: { indent: number; name: string }[] = [];
  const power: Record<string, number> = {};
  let eccTotal: number | null = null;
  const finish = () => {
    if (!gpu) return;
    gpu.powerCapW =
      power["Enforced Power Limit"] ?? power["Current Power Limit"] ?? power["Power Limit"] ?? null;
    if (eccTotal !== null) gpu.eccErrors = eccTotal;
  };
  for (const raw of lines) {
    const gpuStart = /^\s*GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f])\s*$/.exec(raw);
    if (gpuStart) {
      finish();
      gpu = newGpu(gpus.length, "");
      gpu.busId = gpuStart[1] ?? null;
      gpus.push(gpu);
      stack = [];
      migDevice = undefined;
      for (const k of Object.keys(power)) delete power[k];
      eccTotal = null;
      continue;
    }
    if (!gpu || !raw.trim()) continue;
    const indent = raw.length - raw.trimStart().length;
    while (stack.length > 0 && (stack[stack.length - 1]?.indent ?? 0) >= indent) stack.pop();
    const colon = raw.indexOf(":");
    if (colon < 0) {
      const name = raw.trim();
      stack.push({ indent, name });
      if (name === "MIG Device" && stack.some((s) => s.name === "MIG Devices")) {
        migDevice = {
          gpuIndex: gpu.index,
          gpuInstanceId: null,
          computeInstanceId: null,
          device: null,
          profile: null,
          memoryMiB: null,
          uuid: null,
        };
        mig.push(migDevice);
      }
      continue;
    }
    const key = raw.slice(0, colon).trim();
    const value = raw.slice(colon + 1).trim();
    const path = [...stack.map((s) => s.name), key].join("/");
    if (path.startsWith("MIG Devices/")) {
      if (!migDevice) continue;
      if (key === "Index") migDevice.device = number(cell(value));
      else if (key === "GPU Instance ID") migDevice.gpuInstanceId = number(cell(value));
      else if (key === "Compute Instance ID") migDevice.computeInstanceId = number(cell(value));
      else if (path.endsWith("FB Memory Usage/Total")) migDevice.memoryMiB = mib(value);
      continue;
    }
    if (path === "Product Name") gpu.name = value.trim();
    else if (path === "GPU UUID") gpu.uuid = cell(value);
    else if (path === "Persistence Mode") gpu.persistenceMode = onOff(value);
    else if (path === "MIG Mode/Current") gpu.migMode = onOff(value);
    else if (path === "FB Memory Usage/Total") gpu.memoryMiB = mib(value);
    else if (path === "GPU Virtualization Mode/Virtualization Mode") gpu.virtualizationMode = cell(value);
    else if (path === "ECC Mode/Current") gpu.eccEnabled = onOff(value);
    else if (
      path.startsWith("ECC Errors/Volatile") &&
      (/uncorr/i.test(key) || (/Double Bit/i.test(path) && key === "Total"))
    ) {
      const n = number(cell(value));
      if (n !== null) eccTotal = (eccTotal ?? 0) + n;
    } else if (/Power Readings\//.test(path) && /Power Limit$/.test(key) && !/(Default|Min|Max)/.test(key)) {
      const n = number(cell(value));
      if (n !== null) power[key] = n;
    }
  }
  finish();
  return { gpus: gpus.filter((g) => g.name), mig };
}

const CSV_FIELD = /^[a-z][a-z0-9_.]*(?:\s*\[[^\]]*\])?$/i;

function splitCsv(line: string): string[] {
  return line.split(",").map((c) => c.trim());
}

function parseCsv(
  lines: string[],
): { gpus: ParsedGpu[]; driverVersion: string | null } | ParsedNvidiaSmiError | undefined {
  const headerAt = lines.findIndex((line) => {
    const cols = splitCsv(line);
    return (
      cols.length >= 2 &&
      cols.every((c) => CSV_FIELD.test(c)) &&
      cols.some((c) => /^(name|memory\.total|pci\.bus_id|uuid|index|gpu_name)\b/i.test(c))
    );
  });
  if (headerAt < 0) {
    const looksLikeRows = lines.some((line) => {
      const cols = splitCsv(line);
      return (
        cols.length >= 2 &&
        cols.some((c) => /\b(NVIDIA|Tesla|GeForce|Quadro|TITAN)\b/i.test(c)) &&
        cols.some((c) => /^\d+(\s*MiB)?$/i.test(c) || BUS_ID.test(c))
      );
    });
    return looksLikeRows
      ? failure(
          "csv-no-header",
          "This looks like nvidia-smi --query-gpu output without its header row (noheader), so the columns cannot be told apart: add the header row (run it again with --format=csv, without noheader).",
        )
      : undefined;
  }
  const header = splitCsv(lines[headerAt] ?? "").map((h) => {
    const m = /^([^[\s]+)\s*(?:\[([^\]]*)\])?/.exec(h);
    return { key: (m?.[1] ?? h).toLowerCase(), unit: m?.[2] ?? null };
  });
  const col = (row: string[], ...keys: string[]) => {
    for (const key of keys) {
      const i = header.findIndex((h) => h.key === key);
      if (i >= 0) return { value: row[i], unit: header[i]?.unit ?? null };
    }
    return { value: undefined, unit: null };
  };
  const gpus: ParsedGpu[] = [];
  let driverVersion: string | null = null;
  for (const line of lines.slice(headerAt + 1)) {
    const row = splitCsv(line);
    if (row.length !== header.length) continue;
    const name = cell(col(row, "name", "gpu_name").value);
    const index = number(cell(col(row, "index").value));
    const memory = col(row, "memory.total");
    if (!name && index === null && !cell(memory.value)) continue;
    const gpu = newGpu(index ?? gpus.length, name ?? "");
    gpu.memoryMiB = mib(memory.value, memory.unit && /GiB/i.test(memory.unit) ? "GiB" : "MiB");
    gpu.busId = cell(col(row, "pci.bus_id", "gpu_bus_id").value);
    gpu.uuid = cell(col(row, "uuid", "gpu_uuid").value);
    gpu.persistenceMode = onOff(col(row, "persistence_mode").value);
    gpu.eccEnabled = onOff(col(row, "ecc.mode.current").value);
    gpu.eccErrors = number(cell(col(row, "ecc.errors.uncorrected.volatile.total").value));
    gpu.powerCapW = number(
      cell(col(row, "enforced.power.limit", "power.limit", "power.management.limit").value),
    );
    gpu.migMode = onOff(col(row, "mig.mode.current").value);
    gpu.virtualizationMode = cell(col(row, "virtualization_mode").value);
    driverVersion ??= cell(col(row, "driver_version").value);
    gpus.push(gpu);
  }
  return { gpus, driverVersion };
}

/** Every string inside a JSON document (e.g. a probe result that embeds nvidia-smi's output). */
function jsonStrings(text: string): string | undefined {
  const t = text.trim();
  if (!/^[[{]/.test(t)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch {
    return undefined;
  }
  const out: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 20) return;
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(value, 0);
  return out.join("\n");
}

/** Reads pasted nvidia-smi output. Never throws. */
export function parseNvidiaSmi(text: string): ParsedNvidiaSmi {
  const raw = typeof text === "string" ? text : "";
  const fromJson = jsonStrings(raw);
  const input = fromJson?.trim() ? fromJson : raw;
  const normalised = input
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/\u001b\[[0-9;]*[A-Za-z]/g, "")
    .replace(/\t/g, "    ")
    // Markdown quotes ("> | 0  NVIDIA …") around a pasted table.
    .replace(/^[ \t]*>[ \t]?(?=[ \t]*[|+])/gm, "");
  if (!normalised.trim()) return failure("empty", `The output is empty. ${HOW_TO}`);
  const lines = normalised.split("\n");
  const { driverVersion, cudaVersion } = versions(normalised);
  const sharingLayers = detectSharingLayers(normalised);

  const table = parseTable(lines);
  const list = parseList(lines);
  if (table.gpus.length > 0 || table.mig.length > 0) {
    // A table pasted together with -L lines (tesla-t4): take UUIDs and MIG profiles from -L.
    for (const gpu of table.gpus) {
      const listed = list.gpus.find((g) => g.index === gpu.index);
      if (listed && !gpu.uuid) gpu.uuid = listed.uuid;
    }
    return {
      ok: true,
      format: "table",
      driverVersion,
      cudaVersion,
      gpus: table.gpus,
      migDevices: table.mig.length > 0 ? table.mig : list.mig,
      truncated: table.truncated,
      sharingLayers,
    };
  }
  const query = parseQuery(lines);
  if (query.gpus.length > 0) {
    return {
      ok: true,
      format: "query",
      driverVersion,
      cudaVersion,
      gpus: query.gpus,
      migDevices: query.mig,
      truncated: false,
      sharingLayers,
    };
  }
  const csv = parseCsv(lines);
  if (csv && !("ok" in csv) && csv.gpus.length > 0) {
    return {
      ok: true,
      format: "csv",
      driverVersion: csv.driverVersion ?? driverVersion,
      cudaVersion,
      gpus: csv.gpus,
      migDevices: [],
      truncated: false,
      sharingLayers,
    };
  }
  if (list.gpus.length > 0) {
    return {
      ok: true,
      format: "list",
      driverVersion,
      cudaVersion,
      gpus: list.gpus,
      migDevices: list.mig,
      truncated: false,
      sharingLayers,
    };
  }
  if (csv && "ok" in csv) return csv;
  if (/No devices were found/i.test(normalised)) {
    return failure(
      "no-devices",
      "nvidia-smi found no GPU on this machine: the instance has no GPU attached or the driver cannot see it. Check the instance type, then run nvidia-smi again.",
    );
  }
  if (/(NVIDIA-SMI has failed|couldn't communicate with the NVIDIA driver)/i.test(normalised)) {
    return failure(
      "driver-failure",
      "nvidia-smi could not talk to the NVIDIA driver: the driver is missing or not loaded. Install or load the driver (or pick an image with it), then paste the output again.",
    );
  }
  if (/<\s*(!doctype|html|head|body|div)\b/i.test(normalised)) {
    return failure("html", `This looks like a web page, not nvidia-smi output. ${HOW_TO}`);
  }
  return failure("unrecognised", `No GPU found in this text. ${HOW_TO}`);
}
