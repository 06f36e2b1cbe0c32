// Runs public/probe.sh for real, with a fake nvidia-smi first on PATH that prints the real
// samples from ../shared/data/nvidia-smi/, and checks the JSON it writes. The PATH holds only
// the standard tools the script may use (no curl unless a test adds it), so no network is used.
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseProbeText, probeFileSchema, type ProbeFile } from "../../lib/trials/probe-schema.ts";

const SCRIPT = path.resolve(process.cwd(), "public", "probe.sh");
const SAMPLES = path.resolve(process.cwd(), "..", "shared", "data", "nvidia-smi");
const samplesAvailable = existsSync(SAMPLES);
if (!samplesAvailable) {
  console.info(`[tests] ${SAMPLES} is absent: the probe-script runs with a fake nvidia-smi are skipped.`);
}

// Everything the script (and the commands in these tests) may call; curl and python3 are
// deliberately absent.
const TOOLS = [
  "bash",
  "sh",
  "awk",
  "sed",
  "grep",
  "date",
  "df",
  "nproc",
  "uname",
  "dd",
  "mktemp",
  "timeout",
  "head",
  "tail",
  "wc",
  "tr",
  "cut",
  "sha256sum",
  "stat",
  "id",
  "rm",
  "mv",
  "dirname",
  "cat",
  "sleep",
  "env",
  "printf",
  "echo",
  "mawk",
  "gawk",
];

// Prints the sample named by FAKE_TABLE / FAKE_Q / FAKE_CSV / FAKE_LIST for the matching
// arguments, without the "# source" notes and shell prompts the sample files carry; fails like
// an unsupported command when no sample is set.
const FAKE_NVIDIA_SMI = `#!/usr/bin/env bash
pick() {
  [ -n "$1" ] || { echo "fake nvidia-smi: no sample for this command" >&2; exit 6; }
  grep -vE '^#|(\\$|#|➜) nvidia-smi' "$FAKE_SMI_DIR/$1"
}
case "\${1:-}" in
  -q) pick "\${FAKE_Q:-}" ;;
  --query-gpu=*) pick "\${FAKE_CSV:-}" ;;
  -L) pick "\${FAKE_LIST:-}" ;;
  *) pick "\${FAKE_TABLE:-}" ;;
esac
`;

// A fio that answers like fio 3 with --output-format=json (500 MiB/s write, 1000 MiB/s read),
// or fails the way fio does on a filesystem without O_DIRECT.
const FAKE_FIO_OK = `#!/usr/bin/env bash
rw=read; for a in "$@"; do [ "$a" = --rw=write ] && rw=write; done
if [ $rw = write ]; then r=0; w=524288000; else r=1048576000; w=0; fi
cat <<JSON
{
  "fio version" : "fio-3.33",
  "jobs" : [
    {
      "jobname" : "$rw",
      "read" : { "io_bytes" : 8388608, "bw_bytes" : $r },
      "write" : { "io_bytes" : 8388608, "bw_bytes" : $w }
    }
  ]
}
JSON
`;
const FAKE_FIO_FAIL = `#!/usr/bin/env bash
echo "fio: looks like your file system does not support direct=1/buffered=0" >&2
exit 1
`;

let root = "";
let toolsDir = "";
let fakeDir = "";
let samplesDir = "";
let scriptCopy = "";
let runCount = 0;

function findTool(name: string): string | null {
  for (const dir of ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "probe-script-test-"));
  chmodSync(root, 0o755); // readable by the unprivileged user of the non-root test
  toolsDir = path.join(root, "tools");
  fakeDir = path.join(root, "fake");
  samplesDir = path.join(root, "samples");
  for (const dir of [toolsDir, fakeDir, samplesDir]) mkdirSync(dir, { mode: 0o755 });
  for (const tool of TOOLS) {
    const found = findTool(tool);
    if (found) symlinkSync(found, path.join(toolsDir, tool));
  }
  writeFileSync(path.join(fakeDir, "nvidia-smi"), FAKE_NVIDIA_SMI, { mode: 0o755 });
  if (samplesAvailable) {
    for (const file of readdirSync(SAMPLES))
      copyFileSync(path.join(SAMPLES, file), path.join(samplesDir, file));
  }
  scriptCopy = path.join(root, "probe.sh");
  copyFileSync(SCRIPT, scriptCopy);
  chmodSync(scriptCopy, 0o644);
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

interface ProbeRun {
  status: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  diskDir: string;
  outFile: string;
}

interface RunOptions {
  samples?: { FAKE_TABLE?: string; FAKE_Q?: string; FAKE_CSV?: string; FAKE_LIST?: string };
  withNvidiaSmi?: boolean;
  extraTools?: string[];
  fakeFio?: "ok" | "fail";
  /** Command prefix that drops privileges (setpriv/runuser), when running as root. */
  asUser?: string[];
}

function runProbe(args: string[], options: RunOptions = {}): ProbeRun {
  runCount += 1;
  const dir = path.join(root, `run-${runCount}`);
  const diskDir = path.join(dir, "disk");
  mkdirSync(diskDir, { recursive: true });
  chmodSync(dir, 0o777);
  chmodSync(diskDir, 0o777);
  const outFile = path.join(dir, "probe.json");
  const pathDirs = [toolsDir];
  if (options.withNvidiaSmi !== false) pathDirs.unshift(fakeDir);
  if (options.extraTools?.length) {
    const extra = path.join(dir, "extra");
    mkdirSync(extra);
    chmodSync(extra, 0o755);
    for (const tool of options.extraTools) symlinkSync(findTool(tool) ?? tool, path.join(extra, tool));
    pathDirs.push(extra);
  }
  if (options.fakeFio) {
    const fioDir = path.join(dir, "fio");
    mkdirSync(fioDir);
    writeFileSync(path.join(fioDir, "fio"), options.fakeFio === "ok" ? FAKE_FIO_OK : FAKE_FIO_FAIL, {
      mode: 0o755,
    });
    pathDirs.push(fioDir);
  }
  const env = { PATH: pathDirs.join(":"), FAKE_SMI_DIR: samplesDir, TMPDIR: dir, ...options.samples };
  const probeArgs = [
    scriptCopy,
    "--out",
    outFile,
    "--disk-dir",
    diskDir,
    "--disk-mb",
    "8",
    "--time-limit",
    "60",
    ...args,
  ];
  const [command, ...prefix] = options.asUser ? [...options.asUser, "bash"] : ["bash"];
  const spawnOptions: SpawnSyncOptions = {
    cwd: dir,
    env: { ...env, NODE_ENV: "test" },
    encoding: "utf8",
    timeout: 90_000,
  };
  const started = performance.now();
  const result = spawnSync(command, [...prefix, ...probeArgs], spawnOptions);
  const seconds = (performance.now() - started) / 1000;
  return {
    status: result.status,
    stdout: String(result.stdout ?? ""),
    stderr: String(result.stderr ?? ""),
    seconds,
    diskDir,
    outFile,
  };
}

/** The written file: valid UTF-8, valid JSON, accepted by the app's schema. */
function readProbe(run: ProbeRun): ProbeFile {
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout.trim()).toBe(run.outFile);
  const bytes = readFileSync(run.outFile);
  const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  const parsed = parseProbeText(text);
  if (!parsed.ok) throw new Error(parsed.message);
  expect(probeFileSchema.safeParse(JSON.parse(text)).success).toBe(true);
  expect(readdirSync(run.diskDir)).toEqual([]); // the probe removed everything it wrote
  return parsed.probe;
}

function stepNamed(probe: ProbeFile, name: string) {
  return probe.steps.find((step) => step.name === name);
}

describe("probe.sh static checks", () => {
  const text = readFileSync(SCRIPT, "utf8");

  it("is valid bash", () => {
    const result = spawnSync("bash", ["-n", SCRIPT], { encoding: "utf8" });
    expect(result.status, result.stderr).toBe(0);
  });

  const shellcheck = findTool("shellcheck");
  it.skipIf(!shellcheck)("passes shellcheck (skipped: shellcheck is not installed)", () => {
    const result = spawnSync(shellcheck!, ["-S", "warning", SCRIPT], { encoding: "utf8" });
    expect(result.status, result.stdout).toBe(0);
  });

  it("contains no upload verbs", () => {
    const curlLines = text.split("\n").filter((line) => /\bcurl\s+-/.test(line) && !/^\s*#/.test(line));
    expect(curlLines.length).toBeGreaterThan(0);
    for (const line of curlLines) {
      expect(line).not.toMatch(/\s(-T|-d|-F|-X|--data\S*|--upload-file|--form\S*|--json|--request)(\s|=|$)/);
      expect(line).toMatch(/curl -q /); // ignores ~/.curlrc, which could add options
    }
    expect(text).not.toMatch(/\bPOST\b/);
    expect(text).not.toMatch(/\bwget\b/);
    expect(text).not.toMatch(/\b(nc|ncat|netcat|socat|scp|sftp|ssh|rsync|telnet)\b/);
    expect(text).not.toMatch(/\/dev\/(tcp|udp)\//);
  });

  it("documents its options in --help", () => {
    const result = spawnSync("bash", [SCRIPT, "--help"], { encoding: "utf8" });
    expect(result.status).toBe(0);
    for (const option of [
      "--out",
      "--disk-dir",
      "--disk-mb",
      "--download-url",
      "--download-max-mb",
      "--run",
      "--run-timeout",
      "--time-limit",
      "--label",
    ]) {
      expect(result.stdout).toContain(option);
    }
  });

  it("refuses bad arguments with exit status 2 and a hint", () => {
    const result = spawnSync("bash", [SCRIPT, "--disk-mb", "9000"], { encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--disk-mb must be a whole number from 1 to 8192/);
  });
});

describe.skipIf(!samplesAvailable)("probe.sh with a fake nvidia-smi", () => {
  // Expected values read by hand from the sample files.
  const cases = [
    {
      name: "8x H100 SXM, default table only",
      samples: { FAKE_TABLE: "h100-sxm-80gb-multi-1.txt" },
      count: 8,
      driver: "565.57.01",
      cuda: "12.7",
      mig: "Disabled",
      smiContains: "NVIDIA H100 80GB HBM3",
    },
    {
      name: "H100 in MIG mode, table and -L",
      samples: { FAKE_TABLE: "h100-mig-devices-1.txt", FAKE_LIST: "h100-mig-list-1.txt" },
      count: 1,
      driver: "590.48.01",
      cuda: "13.1",
      mig: "Enabled",
      smiContains: "MIG devices:",
    },
    {
      name: "Quadro P2200, -q only",
      samples: { FAKE_Q: "quadro-p2200-q-1.txt" },
      count: 1,
      driver: "450.80.02",
      cuda: "11.0",
      mig: "N/A",
      smiContains: "Product Name                          : Quadro P2200",
    },
    {
      name: "H100, --query-gpu csv only",
      samples: { FAKE_CSV: "h100-query-gpu-csv-1.txt" },
      count: 1,
      driver: "590.48.01",
      cuda: null,
      mig: "Disabled",
      smiContains: "NVIDIA H100 80GB HBM3",
    },
    {
      name: "2x B200, new header (KMD / CUDA UMD version)",
      samples: { FAKE_TABLE: "b200-multi-1.txt" },
      count: 2,
      driver: "610.43.02",
      cuda: "13.3",
      mig: "Disabled",
      smiContains: "NVIDIA B200",
    },
  ];

  it.each(cases)("$name", ({ samples, count, driver, cuda, mig, smiContains }) => {
    const run = runProbe([], { samples });
    expect(run.seconds).toBeLessThan(60);
    const probe = readProbe(run);
    expect(probe.schema).toBe("gpu-scout-probe");
    expect(probe.version).toBe(1);
    expect(probe.gpu.count).toBe(count);
    expect(probe.gpu.driverVersion).toBe(driver);
    expect(probe.gpu.cudaVersion).toBe(cuda);
    expect(probe.gpu.migMode).toBe(mig);
    const fields = parseProbeText(readFileSync(run.outFile, "utf8"));
    expect(fields.ok && fields.fields.nvidiaSmiOutput).toContain(smiContains);
    expect(probe.disk?.tool).toBe("dd");
    expect(probe.disk?.bytes).toBe(8 * 1048576);
    expect(probe.disk?.writeMBps).toBeGreaterThan(0);
    expect(probe.disk?.readMBps).toBeGreaterThan(0);
    expect(probe.download).toBeNull();
    expect(probe.run).toBeNull();
    expect(probe.frameworks).toBeNull(); // no python3 on this PATH
    expect(probe.host.cpuCores).toBeGreaterThan(0);
    expect(probe.host.memoryTotalMB).toBeGreaterThan(0);
    expect(probe.host.uptimeSeconds).toBeGreaterThan(0);
    expect(probe.host.bootedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(probe.durationSeconds).toBeLessThan(60);
    // a sample that is not given makes its nvidia-smi step fail, recorded, with no raw text
    if (!("FAKE_Q" in samples)) {
      expect(stepNamed(probe, "nvidia-smi -q")?.ok).toBe(false);
      expect(stepNamed(probe, "nvidia-smi -q")?.error).toMatch(/exit status 6/);
      expect(probe.gpu.details).toBeNull();
    }
    expect(run.stderr).toMatch(/\[1\/8\] system information/);
  });

  it("does not include the host name", () => {
    const run = runProbe([], { samples: { FAKE_TABLE: "l4-1.txt" } });
    const text = readFileSync(run.outFile, "utf8");
    expect(readProbe(run).host.hostnameHash).toMatch(/^[0-9a-f]{16}$/);
    expect(text).not.toContain(`"${os.hostname()}"`);
  });

  it("records a missing nvidia-smi and still writes the file", () => {
    const probe = readProbe(runProbe([], { withNvidiaSmi: false }));
    expect(probe.gpu.count).toBeNull();
    expect(probe.gpu.driverVersion).toBeNull();
    expect(stepNamed(probe, "nvidia-smi")?.ok).toBe(false);
    expect(stepNamed(probe, "nvidia-smi")?.error).toMatch(/not found on PATH/);
    expect(probe.disk?.writeMBps).toBeGreaterThan(0);
  });

  it("times a command and keeps its output", () => {
    const probe = readProbe(
      runProbe(["--run", "sleep 1; echo hi", "--label", "trial A"], {
        samples: { FAKE_TABLE: "l40s-1.txt" },
      }),
    );
    expect(probe.run?.exitCode).toBe(0);
    expect(probe.run?.wallSeconds).toBeGreaterThanOrEqual(1);
    expect(probe.run?.wallSeconds).toBeLessThan(10);
    expect(probe.run?.outputTail).toBe("hi");
    expect(probe.run?.command).toBe("sleep 1; echo hi");
    expect(probe.label).toBe("trial A");
  });

  it("records a failing command's exit code and the last 20 lines", () => {
    const probe = readProbe(
      runProbe(["--run", "for i in $(seq 1 30) ; do echo line $i; done; echo oops >&2; exit 7"], {
        extraTools: ["seq"],
      }),
    );
    expect(probe.run?.exitCode).toBe(7);
    expect(probe.run?.timedOut).toBe(false);
    const lines = (probe.run?.outputTail ?? "").split("\n");
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe("line 12");
    expect(lines[19]).toBe("oops");
    expect(stepNamed(probe, "run command")).toMatchObject({ ok: false, error: "exit status 7" });
  });

  it("kills a hanging command after --run-timeout", () => {
    const run = runProbe(["--run", "echo started; sleep 30", "--run-timeout", "2"]);
    const probe = readProbe(run);
    expect(probe.run?.timedOut).toBe(true);
    expect(probe.run?.exitCode).toBe(124);
    expect(probe.run?.wallSeconds).toBeGreaterThanOrEqual(1.9);
    expect(probe.run?.wallSeconds).toBeLessThan(8);
    expect(probe.run?.outputTail).toBe("started");
    expect(run.seconds).toBeLessThan(20);
  });

  it("stays within --time-limit when a command would run longer", () => {
    const run = runProbe(["--run", "sleep 60", "--time-limit", "15"]);
    const probe = readProbe(run);
    expect(run.seconds).toBeLessThan(20); // bash start-up and a busy test machine on top
    expect(probe.durationSeconds).toBeLessThanOrEqual(15);
    // killed when it reached the limit, or skipped when the earlier steps used the time up
    expect(probe.run?.exitCode).not.toBe(0);
    expect(stepNamed(probe, "run command")?.ok).toBe(false);
    expect(stepNamed(probe, "run command")?.error).toMatch(/time-limit/);
  });

  it("escapes quotes, backslashes, control characters and keeps UTF-8 in strings", () => {
    const label = 'q"uote\\back\ttab\nnew\u0001\u001f\u007f é 中 😀';
    // printf: invalid UTF-8 bytes (\xff, a cut 3-byte sequence) become U+FFFD
    const command = String.raw`printf 'a"b\\c\td\r\n\001\033[1mX\n\377 \342\202 é中😀 end'`;
    const probe = readProbe(runProbe(["--label", label, "--run", command]));
    expect(probe.label).toBe(label);
    expect(probe.run?.command).toBe(command);
    expect(probe.run?.outputTail).toBe('a"b\\c\td\r\n\u0001\u001b[1mX\n\ufffd \ufffd\ufffd é中😀 end');
  });

  it("uses fio when it is installed", () => {
    const probe = readProbe(runProbe([], { fakeFio: "ok" }));
    expect(probe.disk).toMatchObject({ tool: "fio", writeMBps: 500, readMBps: 1000, direct: true });
    expect(stepNamed(probe, "disk write (fio)")?.ok).toBe(true);
  });

  it("falls back to dd when fio fails", () => {
    const probe = readProbe(runProbe([], { fakeFio: "fail" }));
    expect(probe.disk?.tool).toBe("dd");
    expect(probe.disk?.writeMBps).toBeGreaterThan(0);
    expect(stepNamed(probe, "disk write (fio)")?.error).toMatch(/direct=1/);
    expect(stepNamed(probe, "disk write")?.ok).toBe(true);
  });

  const curl = findTool("curl");
  const downloadSource = () => {
    const source = path.join(root, "download.bin");
    if (!existsSync(source)) {
      writeFileSync(source, Buffer.alloc(3 * 1048576, 7));
      chmodSync(source, 0o644);
    }
    return `file://${source}`;
  };

  it.skipIf(!curl)("measures a download from a file:// URL (skipped without curl)", () => {
    const probe = readProbe(runProbe(["--download-url", downloadSource()], { extraTools: ["curl"] }));
    expect(probe.download).toMatchObject({ source: "file://", bytes: 3 * 1048576, limitReached: false });
    expect(probe.download?.megabitsPerSecond).toBeGreaterThan(0);
    expect(stepNamed(probe, "download")?.ok).toBe(true);
  });

  it.skipIf(!curl)("stops a download at --download-max-mb (skipped without curl)", () => {
    const probe = readProbe(
      runProbe(["--download-url", downloadSource(), "--download-max-mb", "1"], { extraTools: ["curl"] }),
    );
    expect(probe.download).toMatchObject({ bytes: 1048576, limitReached: true });
    expect(stepNamed(probe, "download")?.ok).toBe(true);
  });

  it.skipIf(!curl)("records a download that fails (skipped without curl)", () => {
    const probe = readProbe(
      runProbe(["--download-url", `${downloadSource()}.absent`], { extraTools: ["curl"] }),
    );
    expect(probe.download?.bytes).toBe(0);
    expect(stepNamed(probe, "download")?.ok).toBe(false);
    expect(stepNamed(probe, "download")?.error).toMatch(/no data/);
  });

  const isRoot = process.getuid?.() === 0;
  const setpriv = findTool("setpriv");
  const runuser = findTool("runuser");
  const dropPrivileges = setpriv
    ? [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    : runuser
      ? [runuser, "-u", "nobody", "--"]
      : null;
  const canTestNonRoot = !isRoot || dropPrivileges !== null;
  it.skipIf(!canTestNonRoot)(
    "works without root (as uid 65534 when the tests run as root; skipped when neither setpriv nor runuser exists)",
    () => {
      const run = runProbe(["--run", "id -u"], {
        samples: { FAKE_TABLE: "rtx-4090-multi-1.txt" },
        asUser: isRoot ? dropPrivileges! : undefined,
      });
      const probe = readProbe(run);
      expect(probe.host.runAsRoot).toBe(false);
      expect(probe.run?.outputTail).not.toBe("0");
      expect(probe.gpu.count).toBe(8);
      expect(probe.disk?.writeMBps).toBeGreaterThan(0);
    },
  );
});
