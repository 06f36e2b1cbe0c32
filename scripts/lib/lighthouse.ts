// Lighthouse in Debian's Chromium for the page benchmarks (bench:pages, bench:floor): one run of
// one category in a fresh browser, mobile or desktop preset, a failed run run again.
export type Preset = "mobile" | "desktop";

/** One Lighthouse run of one category in a fresh Chromium; a failed run is run again (twice at most). */
export async function lighthouseRun(
  url: string,
  chromePath: string,
  category: "performance" | "accessibility",
  preset: Preset = "mobile",
) {
  const { default: lighthouse } = await import("lighthouse");
  const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js");
  const chromeLauncher = await import("chrome-launcher");
  let failures: string[] = [];
  for (;;) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [category] },
        preset === "desktop" ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
      if (lhr.runtimeError && failures.length < 2) {
        failures = [...failures, `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`];
        continue;
      }
      // Failing binary audits, each with the first elements it names (what to fix, where).
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
        .map((a) => {
          const items =
            (a.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
          const where = items
            .map((i) => i.node?.selector)
            .filter(Boolean)
            .slice(0, 3);
          return where.length ? `${a.id} [${where.join(" | ")}]` : a.id;
        });
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
      return {
        score: Math.round((lhr.categories[category]?.score ?? 0) * 100),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        detail: `LCP ${metric("largest-contentful-paint")}  TBT ${metric("total-blocking-time")}  CLS ${metric("cumulative-layout-shift")}`,
        failing,
        failures,
      };
    } finally {
      chrome.kill();
    }
  }
}

/**
 * Accessibility once; performance `runs` times per preset, median reported (Lighthouse's own
 * advice for variable machines). The categories run separately: axe-core running inside the
 * performance pass adds its own main-thread work to Total Blocking Time on a 2-core machine.
 */
export async function lighthouseScores(url: string, chromePath: string, runs: number, presets: Preset[]) {
  const accessibility = await lighthouseRun(url, chromePath, "accessibility");
  const perf = [];
  for (const preset of presets)
    perf.push({ preset, ...(await performanceMedian(url, chromePath, runs, preset)) });
  return {
    perf,
    accessibility: accessibility.score,
    failing: [...new Set([...accessibility.failing, ...perf.flatMap((p) => p.failing)])],
  };
}

/** Lighthouse performance `runs` times; the median run's score and metrics, and the range. */
export async function performanceMedian(
  url: string,
  chromePath: string,
  runs: number,
  preset: Preset = "mobile",
) {
  const perf = [];
  for (let i = 0; i < runs; i++) perf.push(await lighthouseRun(url, chromePath, "performance", preset));
  perf.sort((a, b) => a.score - b.score);
  const median = perf[Math.floor(perf.length / 2)] as (typeof perf)[number];
  return {
    performance: median.score,
    range: `${perf[0]?.score}–${perf[perf.length - 1]?.score}`,
    detail: median.detail,
    benchmarkIndex: median.benchmarkIndex,
    failing: perf.flatMap((p) => p.failing),
    failures: perf.flatMap((p) => p.failures),
  };
}
