// The JSON contract of POST /api/v1/hardware/verify: request and response zod schemas (the
// OpenAPI document is generated from these). The report is also what the trial stores in
// HardwareCheck.parsed.
import { z } from "zod";

export const HARDWARE_LOCALES = ["en", "zh-CN"] as const;
export type HardwareLocale = (typeof HARDWARE_LOCALES)[number];

export const MAX_OUTPUT_CHARS = 200_000;

const PASTE_HINT =
  "Paste the output of nvidia-smi (or nvidia-smi -q, nvidia-smi -L, nvidia-smi --query-gpu=… --format=csv) as text.";

export const hardwareExpectationSchema = z
  .object({
    gpu: z
      .string()
      .trim()
      .min(1, 'Name the GPU you were sold, e.g. "H100 SXM 80GB", or leave gpu out.')
      .max(100)
      .optional()
      .describe('What the offer sold: a canonical name ("H100 SXM 80GB"), a slug or a raw name'),
    count: z.number().int().min(1).max(1024).optional().describe("GPUs advertised"),
    memoryGb: z.number().positive().max(2048).optional().describe("VRAM per GPU advertised, GB"),
    cudaVersion: z
      .string()
      .trim()
      .regex(/^\d{1,2}\.\d{1,2}(\.\d{1,3})?$/, 'Give the CUDA version as "12.4" (major.minor).')
      .optional()
      .describe("CUDA version your framework needs; checks the minimum driver"),
    datacenter: z.boolean().optional().describe("The offer promised a datacenter GPU"),
    mig: z.boolean().optional().describe("MIG slices were part of the offer"),
    interconnect: z.enum(["NVLINK", "PCIE", "INFINIBAND", "ROCE", "ETHERNET"]).optional(),
  })
  .strict();
export type HardwareExpectation = z.infer<typeof hardwareExpectationSchema>;

export const hardwareVerifyRequestSchema = z
  .object({
    output: z
      .string({ error: PASTE_HINT })
      .max(
        MAX_OUTPUT_CHARS,
        `The output is longer than ${MAX_OUTPUT_CHARS.toLocaleString("en")} characters: paste nvidia-smi's output only (one run, not a whole log).`,
      )
      .trim()
      .min(1, `The output is empty. ${PASTE_HINT}`)
      .describe("Text printed by nvidia-smi"),
    expected: hardwareExpectationSchema.optional(),
    locale: z.enum(HARDWARE_LOCALES).default("en"),
  })
  .strict();
export type HardwareVerifyRequest = z.output<typeof hardwareVerifyRequestSchema>;

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const MISMATCH_FIELDS = [
  "model",
  "variant",
  "memory",
  "count",
  "consumer",
  "shared",
  "mig",
  "driver",
  "ecc",
  "persistence",
  "interconnect",
  "output",
] as const;

export const hardwareMismatchSchema = z.object({
  field: z.enum(MISMATCH_FIELDS),
  code: z.string().describe("Stable message code; params re-render it in another language"),
  severity: z.enum(["problem", "warning", "info"]),
  expected: scalar,
  actual: scalar,
  message: z.string().describe("Plain words in the request's locale"),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type HardwareMismatch = z.infer<typeof hardwareMismatchSchema>;

export const hardwareGpuSchema = z.object({
  index: z.number().int(),
  name: z.string().describe("As nvidia-smi prints it"),
  canonical: z.string().nullable().describe("Our canonical GPU model name, null when unknown"),
  slug: z.string().nullable(),
  memoryMiB: z.number().nullable(),
  busId: z.string().nullable(),
  uuid: z.string().nullable(),
  persistenceMode: z.boolean().nullable(),
  eccEnabled: z.boolean().nullable(),
  eccErrors: z.number().nullable(),
  powerCapW: z.number().nullable(),
  migMode: z.boolean().nullable(),
  virtualizationMode: z
    .string()
    .nullable()
    .describe('-q/csv only: "VGPU" in a vGPU guest, "Pass-Through", "None"'),
  consumer: z.boolean(),
  virtual: z.boolean().describe("vGPU: name (GRID, -8Q/-40C profiles, Virtual) or virtualization mode VGPU"),
  memoryFit: z.enum(["ok", "below", "above", "unknown"]),
});
export type HardwareGpu = z.infer<typeof hardwareGpuSchema>;

export const hardwareMigDeviceSchema = z.object({
  gpuIndex: z.number().int(),
  gpuInstanceId: z.number().nullable(),
  computeInstanceId: z.number().nullable(),
  device: z.number().nullable(),
  profile: z.string().nullable(),
  memoryMiB: z.number().nullable(),
  uuid: z.string().nullable(),
});

export const hardwareVerifyResponseSchema = z.object({
  format: z.enum(["table", "query", "csv", "list"]),
  driverVersion: z.string().nullable(),
  cudaVersion: z.string().nullable().describe("Highest CUDA version the driver supports (table/-q only)"),
  count: z.number().int().describe("Physical GPUs visible"),
  mig: z.boolean(),
  shared: z
    .boolean()
    .describe("vGPU, HAMi-core, MIG slices, or memory that does not match the model (less or more)"),
  sharingLayers: z
    .array(
      z.object({
        kind: z.enum(["hami", "vgpu"]),
        evidence: z.string().describe("The line of the output that shows it"),
      }),
    )
    .optional()
    .describe(
      "Sharing layers the output itself shows: HAMi-core log lines, a licensed vGPU (GRID) guest (absent in reports stored before it existed)",
    ),
  truncated: z.boolean(),
  gpus: z.array(hardwareGpuSchema),
  migDevices: z.array(hardwareMigDeviceSchema),
  expected: z
    .object({
      gpu: z.string().nullable().describe("Canonical name of the expected GPU, or the raw text when unknown"),
      input: z.string().nullable().describe("The expected GPU as the request named it"),
      slug: z.string().nullable(),
      count: z.number().nullable(),
      memoryGb: z.number().nullable(),
      cudaVersion: z.string().nullable(),
      minDriver: z.string().nullable().describe("Minimum Linux driver for cudaVersion"),
    })
    .nullable(),
  mismatches: z.array(hardwareMismatchSchema),
  verdict: z.enum(["match", "mismatch", "inconclusive"]),
  source: z.string().describe("Where the CUDA driver table comes from"),
});
export type HardwareReport = z.infer<typeof hardwareVerifyResponseSchema>;
