// npm run bench:floor — the framework-floor experiment of docs/performance.md as a script: what
// Lighthouse gives an empty Next.js App Router page (one heading and a paragraph, no CSS, no
// client component) built with this repository's own Next.js and React, on this machine, now.
// Our pages are measured against it (bench:pages): the part of a score the framework sets
// here, and the part that is ours. It writes the page into .bench-floor/ (gitignored, removed
// afterwards; inside the repository, as Turbopack resolves `next` only within its root), runs
// `next build` and `next start` there, and prints Lighthouse performance (median of
// --lh-runs) per preset and the page's first-load JavaScript.
//
//   npm run bench:floor -- [--lh-runs 3] [--port 3195] [--preset mobile|desktop|both]
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

import { performanceMedian, type Preset } from "./lib/lighthouse.ts";
import { runScript } from "./run-script.ts";

const LAYOUT = `export const metadata = { title: "Floor" };
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`;
const PAGE = `export default function Page() {
  return (
    <main>
      <h1>An empty App Router page</h1>
      <p>The framework's floor: one heading and a paragraph, no stylesheet, no client component.</p>
    </main>
  );
}
`;

async function firstLoadKb(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const sources = new Set(
    [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)]
      .filter((m) => !/\bnomodule\b/i.test(`${m[1]} ${m[3]}`))
      .map((m) => m[2] as string),
  );
  let bytes = 0;
  for (const src of sources)
    bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer())).length;
  return bytes / 1024;
}

runScript("bench:floor", async () => {
  const { values } = parseArgs({
    options: {
      "lh-runs": { type: "string", default: "3" },
      port: { type: "string", default: "3195" },
      preset: { type: "string", default: "both" },
    },
  });
  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromePath)) {
    console.log(`[bench:floor] skipped: no Chromium at ${chromePath}`);
    return;
  }
  const presets: Preset[] =
    values.preset === "both" ? ["mobile", "desktop"] : values.preset === "desktop" ? ["desktop"] : ["mobile"];
  const root = process.cwd();
  const dir = path.join(root, ".bench-floor");
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, "app"), { recursive: true });
  await writeFile(path.join(dir, "app", "layout.jsx"), LAYOUT);
  await writeFile(path.join(dir, "app", "page.jsx"), PAGE);
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ name: "floor", private: true }));
  await writeFile(
    path.join(dir, "next.config.mjs"),
    `export default { turbopack: { root: ${JSON.stringify(root)} } };\n`,
  );
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  console.log(`bench:floor: building an empty App Router page in ${dir}`);
  const build = spawnSync(process.execPath, [next, "build"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error(`next build failed:\n${build.stdout}\n${build.stderr}`);
  const port = Number(values.port);
  const server = spawn(process.execPath, [next, "start", "-p", String(port)], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}/`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("the floor page did not answer in 60 s");
      await new Promise((r) => setTimeout(r, 300));
    }
    console.log(`  first-load JS ${(await firstLoadKb(url)).toFixed(1)} KB gzip`);
    for (const preset of presets) {
      const p = await performanceMedian(url, chromePath, Number(values["lh-runs"]), preset);
      console.log(
        `  ${preset.padEnd(8)} performance ${p.performance} (median, ${p.range})  ${p.detail}  benchmarkIndex ${p.benchmarkIndex}` +
          (p.failures.length ? `\n      failed runs, run again: ${p.failures.join("; ")}` : ""),
      );
    }
  } finally {
    server.kill("SIGTERM");
    await rm(dir, { recursive: true, force: true });
  }
});
