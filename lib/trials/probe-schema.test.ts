import { describe, expect, it } from "vitest";

import { parseProbeText, probeFileSchema, probeToTrialFields, type ProbeFile } from "./probe-schema.ts";

const QUERY_CSV =
  "index, name, memory.total [MiB], memory.used [MiB], driver_version, pci.bus_id, mig.mode.current\n" +
  "0, NVIDIA H100 80GB HBM3, 81559 MiB, 1 MiB, 565.57.01, 00000000:18:00.0, Disabled";

// A file as probe.sh writes it (values by hand), with both -q and csv outputs.
function goodProbe(): Record<string, unknown> {
  return {
    schema: "gpu-scout-probe",
    version: 1,
    scriptRevision: "2026-11-30",
    createdAt: "2026-11-30T20:00:00Z",
    label: "provider A, 1x H100",
    durationSeconds: 42.5,
    timeLimitSeconds: 300,
    host: {
      hostnameHash: "0aa0e7220ff70db8",
      os: "Ubuntu 22.04.4 LTS",
      kernel: "5.15.0-105-generic",
      arch: "x86_64",
      cpuModel: "AMD EPYC 9454 48-Core Processor",
      cpuCores: 24,
      memoryTotalMB: 241000,
      diskFreeMB: 480000,
      diskFilesystem: "ext2/ext3",
      uptimeSeconds: 312.4,
      bootedAt: "2026-11-30T19:54:48Z",
      container: "docker",
      systemVendor: null,
      systemProduct: null,
      runAsRoot: false,
    },
    gpu: {
      count: 1,
      driverVersion: "565.57.01",
      cudaVersion: "12.7",
      migMode: "Disabled",
      query: QUERY_CSV,
      details: "==============NVSMI LOG==============\nDriver Version : 565.57.01",
      list: "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-0)",
      smi: "| NVIDIA-SMI 565.57.01  Driver Version: 565.57.01  CUDA Version: 12.7 |",
    },
    frameworks: { python: "3.11.7", torch: "2.4.0", "torch.cuda": "12.4" },
    disk: { writeMBps: 812.3, readMBps: 1490.2, tool: "dd", bytes: 1073741824, direct: true },
    download: {
      source: "https://example.org",
      bytes: 2147483648,
      seconds: 20,
      megabitsPerSecond: 858.9,
      limitReached: true,
    },
    run: {
      command: "python train.py --steps 50",
      exitCode: 0,
      wallSeconds: 61.2,
      timedOut: false,
      outputTail: "step 50",
    },
    steps: [
      { name: "system information", ok: true, seconds: 0.2 },
      { name: "nvidia-smi -q", ok: false, seconds: 0.1, error: "exit status 6" },
    ],
  };
}

const text = (value: unknown) => JSON.stringify(value, null, 2);

function expectFailure(input: string): string {
  const result = parseProbeText(input);
  expect(result.ok).toBe(false);
  return result.ok ? "" : result.message;
}

describe("parseProbeText", () => {
  it("accepts a version 1 file and maps it to the trial form's fields", () => {
    const result = parseProbeText(text(goodProbe()));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fields).toEqual({
      driverVersion: "565.57.01",
      cudaVersion: "12.7",
      diskWriteMBps: 812.3,
      diskReadMBps: 1490.2,
      downloadMbps: 858.9,
      bootedAt: "2026-11-30T19:54:48Z",
      uptimeSeconds: 312.4,
      runWallSeconds: 61.2,
      runCommand: "python train.py --steps 50",
      gpuCount: 1,
      nvidiaSmiOutput: "==============NVSMI LOG==============\nDriver Version : 565.57.01",
      frameworkVersions: { python: "3.11.7", torch: "2.4.0", "torch.cuda": "12.4" },
    });
  });

  it("refuses a future version with the message that says what to do", () => {
    const message = expectFailure(text({ ...goodProbe(), version: 2, gpu: "changed shape" }));
    expect(message).toBe(
      "This probe file is version 2; this app reads version 1 — download the current probe.sh.",
    );
    const direct = probeFileSchema.safeParse({ ...goodProbe(), version: 2 });
    expect(direct.success).toBe(false);
    expect(direct.error?.issues[0]?.message).toBe(
      "this probe file is version 2; this app reads version 1 — download the current probe.sh",
    );
  });

  it("says a truncated file ends too early", () => {
    const full = text(goodProbe());
    expect(expectFailure(full.slice(0, full.length / 2))).toMatch(/ends too early/);
  });

  it("names the line and column of a syntax error", () => {
    const broken = text(goodProbe()).replace('"label": "provider A, 1x H100",', '"label": "provider A" "x",');
    const labelLine = broken.split("\n").findIndex((line) => line.includes('"label"')) + 1;
    expect(labelLine).toBe(6);
    expect(expectFailure(broken)).toMatch(/not valid JSON at line 6, column \d+/);
  });

  it("names missing or mistyped fields", () => {
    const { gpu: _gpu, ...noGpu } = goodProbe();
    expect(expectFailure(text(noGpu))).toMatch(/^The probe file does not match the expected format — gpu: /);
    const badCount = goodProbe();
    badCount.gpu = { ...(badCount.gpu as object), count: "eight" };
    expect(expectFailure(text(badCount))).toMatch(/gpu\.count: /);
  });

  it("refuses other JSON, empty input and files without the schema marker", () => {
    expect(expectFailure("")).toMatch(/empty/);
    expect(expectFailure("[1, 2]")).toMatch(/JSON object/);
    expect(expectFailure(text({ ...goodProbe(), schema: "something-else" }))).toMatch(
      /not a GPU Scout probe file/,
    );
  });

  it("bounds each raw text and the whole file", () => {
    const bigText = goodProbe();
    bigText.gpu = { ...(bigText.gpu as object), details: "x".repeat(200_001) };
    expect(expectFailure(text(bigText))).toMatch(/gpu\.details: /);
    const bigFile = goodProbe();
    bigFile.label = null;
    bigFile.extra = "y".repeat(1_000_001);
    expect(expectFailure(text(bigFile))).toMatch(/larger than 1 MB/);
    // 400 000 three-byte characters: under the limit in characters, over it in bytes
    expect(expectFailure(text({ ...goodProbe(), extra: "中".repeat(400_000) }))).toMatch(/larger than 1 MB/);
  });

  it("accepts missing optional sections as null", () => {
    const minimal = {
      schema: "gpu-scout-probe",
      version: 1,
      createdAt: "2026-11-30T20:00:00Z",
      host: {},
      gpu: { count: null, driverVersion: null, cudaVersion: null, migMode: null },
      disk: null,
      download: null,
      run: null,
      steps: [],
    };
    const result = parseProbeText(text(minimal));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fields.gpuCount).toBeNull();
    expect(result.fields.nvidiaSmiOutput).toBeNull();
    expect(result.fields.diskWriteMBps).toBeNull();
    expect(result.fields.frameworkVersions).toEqual({});
  });
});

describe("probeToTrialFields", () => {
  const parse = (value: Record<string, unknown>): ProbeFile => probeFileSchema.parse(value);

  it("prefers -q, then the query csv, then the default table for hardware verification", () => {
    const probe = goodProbe();
    const gpu = probe.gpu as Record<string, unknown>;
    expect(probeToTrialFields(parse(probe)).nvidiaSmiOutput).toMatch(/^=+NVSMI LOG/);
    gpu.details = null;
    expect(probeToTrialFields(parse(probe)).nvidiaSmiOutput).toBe(QUERY_CSV);
    gpu.query = "  ";
    expect(probeToTrialFields(parse(probe)).nvidiaSmiOutput).toMatch(/^\| NVIDIA-SMI/);
  });

  it("computes megabits per second from bytes and seconds when the rate is missing", () => {
    const probe = goodProbe();
    probe.download = {
      source: "file://",
      bytes: 250_000_000,
      seconds: 8,
      megabitsPerSecond: null,
      limitReached: false,
    };
    // 250 MB × 8 bits / 8 s = 250 Mbit/s
    expect(probeToTrialFields(parse(probe)).downloadMbps).toBe(250);
  });

  it("does not take a failed or killed command's time as the job's time", () => {
    const failed = goodProbe();
    failed.run = { command: "false", exitCode: 1, wallSeconds: 0.1, timedOut: false, outputTail: "" };
    expect(probeToTrialFields(parse(failed)).runWallSeconds).toBeNull();
    const killed = goodProbe();
    killed.run = { command: "sleep 99", exitCode: 124, wallSeconds: 2, timedOut: true, outputTail: "" };
    expect(probeToTrialFields(parse(killed)).runWallSeconds).toBeNull();
    expect(probeToTrialFields(parse(killed)).runCommand).toBe("sleep 99");
  });
});
