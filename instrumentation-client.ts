// Runs in the browser before the app's code. zod 4 probes `new Function("")` once to decide
// whether it may compile validators; our CSP forbids eval (no 'unsafe-eval'), so Chromium
// reports a violation. jitless skips the probe: validation is the same, just interpreted.
import { config } from "zod";

config({ jitless: true });
