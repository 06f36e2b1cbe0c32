// Runs in the browser before the app's code. zod 4 probes `new Function("")` once to decide
// whether it may compile validators; our CSP forbids eval (no 'unsafe-eval'), so Chromium
// would report a violation. jitless skips the probe: validation is the same, just interpreted.
// zod keeps its configuration on globalThis.__zod_globalConfig (zod/v4/core/core.js), so
// setting it here does not pull zod itself into every page's first-load JavaScript.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};

// ICU's one-time set-up (~12 ms at 1× CPU on the benchmark VM, ~50 ms under Lighthouse's 4×
// slowdown) is paid by a page's first Intl call, which is otherwise inside hydration's first
// render that formats a number or an ICU message: one long task. Done here in tasks of their
// own, queued before hydration's (React's scheduler posts its slices the same way), the render
// that follows runs without it (docs/performance.md, 2026-12-06 second VM): the locale data
// first, the date formats (~2 ms more) in a second task.
const warmIntl = new MessageChannel();
const locale = document.documentElement.lang || "en";
const steps = [
  () => Intl.NumberFormat.supportedLocalesOf(locale),
  () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(0),
];
warmIntl.port1.onmessage = () => {
  steps.shift()?.();
  if (steps.length === 0) warmIntl.port1.close();
};
for (let i = 0; i < steps.length; i++) warmIntl.port2.postMessage(null);
