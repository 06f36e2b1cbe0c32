// Runs in the browser before the app's code. zod 4 probes `new Function("")` once to decide
// whether it may compile validators; our CSP forbids eval (no 'unsafe-eval'), so Chromium
// would report a violation. jitless skips the probe: validation is the same, just interpreted.
// zod keeps its configuration on globalThis.__zod_globalConfig (zod/v4/core/core.js), so
// setting it here does not pull zod itself into every page's first-load JavaScript.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
