// English sentences for fit notes, as the API returns them (the page translates the codes).
import type { FitNote } from "./fit.ts";

const gb = (n: number) => `${Math.round(n * 10) / 10} GB`;

export function fitNoteText(note: FitNote): string {
  switch (note.code) {
    case "fitsOne":
      return `Fits on one GPU with ${gb(note.headroomGb)} to spare.`;
    case "multiGpu":
      return `Needs ${note.gpus} GPUs in one server.`;
    case "multiNode":
      return `Needs ${note.gpus} GPUs over ${note.nodes} servers: only sensible with InfiniBand or RoCE between nodes; over plain Ethernet the speed-up stays small.`;
    case "pcieOnly":
      return `These cards talk over PCIe only (no NVLink): ${note.gpus}-GPU sharding will be slowed by communication.`;
    case "nvlinkPairs":
      return `NVLink bridges join pairs of these cards only; ${note.gpus} GPUs communicate over PCIe between pairs.`;
    case "consumerCard":
      return "Consumer card: no NVLink and often no peer-to-peer transfers; multi-GPU jobs are slow and providers may not guarantee them.";
    case "needsSharding":
      return `Does not fit with the chosen sharding; with ZeRO-3/FSDP it would need ${note.gpus} GPUs.`;
    case "noFit":
      return `Does not fit even on ${note.maxGpus} GPUs with the chosen settings.`;
    case "noFp8":
      return "This GPU has no FP8 support: FP8 would run as BF16 (more memory, slower).";
  }
}

export function fitNotesText(notes: FitNote[]): string {
  return notes.map(fitNoteText).join(" ");
}
