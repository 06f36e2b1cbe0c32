// Runs in the browser before the app's code. zod 4 probes `new Function("")` once to decide
// whether it may compile validators; our CSP forbids eval (no 'unsafe-eval'), so Chromium
// would report a violation. jitless skips the probe: validation is the same, just interpreted.
// zod keeps its configuration on globalThis.__zod_globalConfig (zod/v4/core/core.js), so
// setting it here does not pull zod itself into every page's first-load JavaScript.
import { hydrationFormats } from "@/lib/format/intl-warm-up.ts";

const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

// ICU's one-time set-up (~12 ms at 1× CPU on the benchmark VM, ~50–110 ms under Lighthouse's
// 4× slowdown) is paid by a page's first Intl call. On the pages whose first render formats in
// the browser (the matrix's table, the scenario builder's results) that call is inside
// hydration, one long task: there it is done here in tasks of its own, queued before
// hydration's (React's scheduler posts its slices the same way), the locale data first, the
// date formats in a second task (docs/performance.md, 2026-12-06 second VM). Every other page
// renders its numbers on the server and calls no Intl while loading (measured 2026-12-07: the
// first Intl call after load costs 13–20 ms on them, 1–2 ms on these), so the warm-up would be
// a long task of its own for nothing: it runs only where hydration needs ICU
// (lib/format/intl-warm-up.ts).
if (hydrationFormats(location.pathname)) {
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
}
