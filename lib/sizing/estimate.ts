// One sizing: resolve the model, compute the per-GPU breakdown, fit every GPU model, and
// estimate job time. Pure: GPU specs are passed in.
import { DEFAULT_MFU, MFU_RANGE, hoursFromFlops, trainingFlops } from "../compute/flops.ts";
import { decodeTokensPerSecondOnGpus, speedUp } from "../compute/scaling.ts";
import { type Assumption } from "./assumptions.ts";
import { totalOf, type MemoryBreakdown } from "./breakdown.ts";
import { fitGpu, GPU_COUNTS, scalingEfficiency, type GpuFit, type GpuSpec } from "./fit.ts";
import { inferenceMemory, weightBytes, type InferenceOptions } from "./inference.ts";
import { activeParametersOf, type ModelArchitecture } from "./model.ts";
import { findPreset } from "./presets.ts";
import { inferenceSchema, trainingSchema, type SizingRequest } from "./sizing-request.ts";
import {
  bytesPerTrainableParameter,
  trainableParameters,
  trainingMemory,
  type TrainingOptions,
} from "./training.ts";
import { GB, toGb, toGib } from "./units.ts";

export interface ResolvedModel extends ModelArchitecture {
  id: string | null;
  name: string | null;
  source: string | null;
}

export interface JobTime {
  source: "flops" | "measured";
  hours: number;
  /** FLOPs estimate at the high and low end of the MFU range. */
  hoursLow?: number;
  hoursHigh?: number;
}

export interface SizedFit extends GpuFit {
  jobTime: JobTime | null;
  /**
   * Inference: decode upper bound at batch 1 (one sequence) on the GPUs needed, with the
   * interconnect's tensor-parallel efficiency (lib/compute/scaling.ts). Not a figure for the
   * sizing's own batch: at batch > 1 the per-sequence speed is lower, the total higher.
   */
  decodeTokensPerSecond: number | null;
  /** How the bound was computed; null where there is none. */
  decode: {
    batch: 1;
    gpus: number;
    interconnect: GpuFit["interconnect"];
    efficiency: number;
    speedUp: number;
  } | null;
}

export interface MethodComparison {
  method: TrainingOptions["method"];
  totalBytes: number;
  /** Fits one card of each nominal size (GB) with the usable margin. */
  fitsOneCard: Record<string, boolean>;
}

export interface SizingResult {
  mode: SizingRequest["mode"];
  model: ResolvedModel;
  gpus: number;
  totalBytes: number;
  totalGb: number;
  totalGib: number;
  breakdown: MemoryBreakdown;
  fits: SizedFit[];
  methodComparison: MethodComparison[] | null;
  assumptions: Assumption[];
}

/** Card sizes the method comparison shows: the seeds' 16 GB and 24 GB, and 48 and 80 GB. */
export const COMPARISON_CARD_GB = [16, 24, 48, 80] as const;

export function resolveModel(model: SizingRequest["model"]): ResolvedModel {
  if ("preset" in model) {
    const preset = findPreset(model.preset);
    if (!preset) throw new RangeError(`Unknown preset ${model.preset}`);
    const { id, name, source, parametersSource: _p, note: _n, ...arch } = preset;
    return { ...arch, id, name, source };
  }
  return { ...model, id: null, name: null, source: null };
}

function trainingAssumptions(model: ModelArchitecture, o: TrainingOptions): Assumption[] {
  const per = bytesPerTrainableParameter(o.precision, o.optimizer);
  const bytesPerParam = per.weights + per.gradients + per.optimizer;
  const list: Assumption[] = [
    o.precision === "fp32"
      ? { code: "fp32Training", bytesPerParam }
      : o.precision === "fp8"
        ? { code: "fp8Training", bytesPerParam }
        : { code: "mixedPrecision", bytesPerParam },
  ];
  if (o.method !== "full") {
    list.push({
      code: "lora",
      rank: o.loraRank,
      modules: o.loraTargetModules.join(", "),
      trainable: trainableParameters(model, o),
    });
  }
  if (o.method === "qlora") list.push({ code: "qlora" });
  list.push({
    code: "activations",
    checkpointing: o.gradientCheckpointing,
    flashAttention: o.flashAttention,
  });
  list.push({
    code: "sharding",
    zeroStage: o.zeroStage,
    dataParallel: o.gpus / o.tensorParallel,
    tensorParallel: o.tensorParallel,
  });
  return list;
}

function jobTimeFor(
  fit: GpuFit,
  gpu: GpuSpec,
  model: ModelArchitecture,
  o: TrainingOptions,
  job: SizingRequest["job"],
): JobTime | null {
  if (fit.gpusNeeded === null) return null;
  if (job?.measuredStepSeconds && job.steps && (!job.measuredOnGpu || job.measuredOnGpu === gpu.slug)) {
    return { source: "measured", hours: (job.measuredStepSeconds * job.steps) / 3600 };
  }
  const peak = o.precision === "fp8" && gpu.fp8DenseTflops ? gpu.fp8DenseTflops : gpu.bf16DenseTflops;
  if (!job?.trainingTokens || !peak) return null;
  const flops = trainingFlops(activeParametersOf(model), job.trainingTokens, o.method);
  // hoursFromFlops on one GPU, then divided by the multi-GPU speed-up for the interconnect.
  const scale = speedUp(fit.gpusNeeded, scalingEfficiency(fit.interconnect));
  const hoursAt = (mfu: number) => hoursFromFlops({ flops, gpus: 1, denseTflopsPerGpu: peak, mfu }) / scale;
  const mfu = job.mfu ?? DEFAULT_MFU;
  return {
    source: "flops",
    hours: hoursAt(mfu),
    hoursLow: hoursAt(MFU_RANGE.high),
    hoursHigh: hoursAt(MFU_RANGE.low),
  };
}

export function estimateTraining(
  model: ModelArchitecture,
  o: TrainingOptions,
  gpus: readonly GpuSpec[],
  usable: number,
  job?: SizingRequest["job"],
) {
  const breakdown = trainingMemory(model, o);
  const at = (n: number) => totalOf(trainingMemory(model, { ...o, gpus: n }));
  const counts = GPU_COUNTS.map((c) => c * o.tensorParallel).filter((n) => n <= 100_000);
  const sharded =
    o.zeroStage < 3
      ? (n: number) => totalOf(trainingMemory(model, { ...o, zeroStage: 3, gpus: n * o.tensorParallel }))
      : undefined;
  const fits: SizedFit[] = gpus.map((gpu) => {
    const fit = fitGpu({
      gpu,
      counts,
      perGpuBytes: at,
      usableMemoryFraction: usable,
      shardedPerGpuBytes: sharded,
      wantsFp8: o.precision === "fp8",
    });
    return {
      ...fit,
      jobTime: jobTimeFor(fit, gpu, model, o, job),
      decodeTokensPerSecond: null,
      decode: null,
    };
  });
  const methodComparison: MethodComparison[] = (["full", "lora", "qlora"] as const).map((method) => {
    const total = totalOf(trainingMemory(model, { ...o, method, gpus: o.tensorParallel, zeroStage: 0 }));
    const perCard = o.tensorParallel === 1 ? total : Number.POSITIVE_INFINITY;
    return {
      method,
      totalBytes: total,
      fitsOneCard: Object.fromEntries(
        COMPARISON_CARD_GB.map((gb) => [String(gb), perCard <= gb * GB * usable]),
      ),
    };
  });
  return { breakdown, fits, methodComparison, assumptions: trainingAssumptions(model, o) };
}

export function estimateInference(
  model: ModelArchitecture,
  o: InferenceOptions,
  gpus: readonly GpuSpec[],
  usable: number,
) {
  const breakdown = inferenceMemory(model, o);
  const at = (n: number) => totalOf(inferenceMemory(model, { ...o, gpus: n }));
  const counts = GPU_COUNTS.filter((n) => n === 1 || n % 2 === 0);
  const activeWeightBytes = weightBytes(model, o.precision) * (activeParametersOf(model) / model.parameters);
  const fits: SizedFit[] = gpus.map((gpu) => {
    const fit = fitGpu({
      gpu,
      counts,
      perGpuBytes: at,
      usableMemoryFraction: usable,
      wantsFp8: o.precision === "fp8",
    });
    if (fit.gpusNeeded === null || !gpu.memoryBandwidthGbps)
      return { ...fit, jobTime: null, decodeTokensPerSecond: null, decode: null };
    const d = decodeTokensPerSecondOnGpus(
      gpu.memoryBandwidthGbps,
      fit.gpusNeeded,
      fit.interconnect,
      activeWeightBytes,
    );
    return {
      ...fit,
      jobTime: null,
      decodeTokensPerSecond: d.tokensPerSecond,
      decode: {
        batch: d.batch,
        gpus: fit.gpusNeeded,
        interconnect: fit.interconnect,
        efficiency: d.efficiency,
        speedUp: d.speedUp,
      },
    };
  });
  const assumptions: Assumption[] = [{ code: "kvCache", precision: o.kvCachePrecision }];
  if (["fp8", "int8", "int4"].includes(o.precision))
    assumptions.push({ code: "quantizedWeights", precision: o.precision });
  assumptions.push({ code: "decodeBound", batch: o.batch });
  return { breakdown, fits, methodComparison: null, assumptions };
}

/** Sizes a validated request against the given GPU models. */
export function estimateSizing(request: SizingRequest, gpus: readonly GpuSpec[]): SizingResult {
  const model = resolveModel(request.model);
  const usable = request.usableMemoryFraction;
  let result: Pick<SizingResult, "breakdown" | "fits" | "methodComparison" | "assumptions">;
  let overhead: number;
  let gpuCount: number;
  if (request.mode === "training") {
    const o = trainingSchema.parse(request.training ?? {});
    result = estimateTraining(model, o, gpus, usable, request.job);
    overhead = o.overheadFraction;
    gpuCount = o.gpus;
    const job = request.job;
    if (job?.measuredStepSeconds && job.steps) {
      result.assumptions.push({
        code: "jobTimeMeasured",
        stepSeconds: job.measuredStepSeconds,
        steps: job.steps,
      });
    }
    if (job?.trainingTokens) {
      result.assumptions.push({
        code: "jobTimeFlops",
        mfu: job.mfu ?? DEFAULT_MFU,
        low: MFU_RANGE.low,
        high: MFU_RANGE.high,
      });
    }
  } else {
    const o = inferenceSchema.parse(request.inference ?? {});
    result = estimateInference(model, o, gpus, usable);
    overhead = o.overheadFraction;
    gpuCount = o.gpus;
  }
  if (model.moe) result.assumptions.push({ code: "moe", activeParameters: model.moe.activeParameters });
  result.assumptions.push(
    { code: "perGpu", gpus: gpuCount },
    { code: "overhead", percent: Math.round(overhead * 100) },
    { code: "usableMemory", percent: Math.round(usable * 100) },
  );
  const totalBytes = totalOf(result.breakdown);
  return {
    mode: request.mode,
    model,
    gpus: gpuCount,
    totalBytes,
    totalGb: toGb(totalBytes),
    totalGib: toGib(totalBytes),
    ...result,
  };
}
