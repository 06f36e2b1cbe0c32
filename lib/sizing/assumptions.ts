// Every assumption behind an estimate, as a code with values (the page translates them) and
// as an English sentence (the API returns it).
export type Assumption =
  | { code: "mixedPrecision"; bytesPerParam: number }
  | { code: "fp32Training"; bytesPerParam: number }
  | { code: "fp8Training"; bytesPerParam: number }
  | { code: "lora"; rank: number; modules: string; trainable: number }
  | { code: "qlora" }
  | { code: "activations"; checkpointing: boolean; flashAttention: boolean }
  | { code: "sharding"; zeroStage: number; dataParallel: number; tensorParallel: number }
  | { code: "perGpu"; gpus: number }
  | { code: "kvCache"; precision: string }
  | { code: "quantizedWeights"; precision: string }
  | { code: "overhead"; percent: number }
  | { code: "usableMemory"; percent: number }
  | { code: "moe"; activeParameters: number }
  | { code: "jobTimeFlops"; mfu: number; low: number; high: number }
  | { code: "jobTimeMeasured"; stepSeconds: number; steps: number }
  | { code: "decodeBound"; batch: number };

const b = (n: number) => `${Math.round((n / 1e9) * 100) / 100}B`;

export function assumptionText(a: Assumption): string {
  switch (a.code) {
    case "mixedPrecision":
      return `Mixed precision: 16-bit weights and gradients, fp32 master weights and optimizer states = ${a.bytesPerParam} bytes per trainable parameter (ZeRO, Rajbhandari et al. 2020).`;
    case "fp32Training":
      return `fp32 training: 4-byte weights and gradients plus optimizer states = ${a.bytesPerParam} bytes per trainable parameter.`;
    case "fp8Training":
      return `FP8 training: FP8 working weights, BF16 gradients, fp32 master weights and optimizer states = ${a.bytesPerParam} bytes per trainable parameter; activations counted at 16 bits (conservative).`;
    case "lora":
      return `LoRA rank ${a.rank} on ${a.modules} in every layer: ${b(a.trainable)} trainable parameters; the base model is frozen.`;
    case "qlora":
      return "QLoRA: the base model in 4-bit NF4 with double-quantized constants (4.127 bits per parameter, Dettmers et al. 2023); embeddings and output head stay 16-bit.";
    case "activations":
      return `Activations per Korthikanti et al. 2022: s·b·h·(34 + 5·a·s/h) bytes per layer${a.flashAttention ? " without the attention-score term (FlashAttention)" : ""}; ${a.checkpointing ? "with full gradient checkpointing, 2·s·b·h per layer kept plus one layer recomputed" : "no recomputation"}; fp32 logits for the loss.`;
    case "sharding":
      return `ZeRO stage ${a.zeroStage} over ${a.dataParallel} data-parallel GPU(s), tensor parallelism ${a.tensorParallel}: stage 1 shards optimizer states, 2 also gradients, 3 also parameters.`;
    case "perGpu":
      return `Totals are per GPU for a job on ${a.gpus} GPU(s).`;
    case "kvCache":
      return `KV cache = 2 × layers × kv heads × head size × tokens × batch × bytes, in ${a.precision}.`;
    case "quantizedWeights":
      return `Weights in ${a.precision}: linear layers quantized; embeddings and output head kept in 16 bits${a.precision === "int4" ? "; 16-bit scale and zero per group of 128" : ""}.`;
    case "overhead":
      return `Runtime overhead (CUDA context, fragmentation, temporary buffers): ${a.percent} % of the rest.`;
    case "usableMemory":
      return `A GPU's usable memory is taken as ${a.percent} % of its nominal memory.`;
    case "moe":
      return `Mixture of experts: all experts are resident in memory; ${b(a.activeParameters)} parameters compute per token.`;
    case "jobTimeFlops":
      return `Job time from FLOPs: 6 × parameters × tokens (LoRA/QLoRA ⅔ of that), at ${a.mfu * 100} % MFU (range ${a.low * 100}–${a.high * 100} %) of dense BF16 peak, with multi-GPU scaling efficiency by interconnect.`;
    case "jobTimeMeasured":
      return `Job time from a measured step time: ${a.steps} steps × ${a.stepSeconds} s.`;
    case "decodeBound":
      return `Decode speed is an upper bound at batch 1 (one sequence), not at the sized batch of ${a.batch}: memory bandwidth ÷ bytes of weights read per token; on several GPUs the bandwidth scales by the interconnect's tensor-parallel efficiency, 1 + (n − 1) × e.`;
  }
}
