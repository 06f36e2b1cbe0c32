// The scenario builder's validation (zod) and in-browser pricing (the TCO engine) are ~45 KB
// gzip of JavaScript the form does not need to appear: they come in a chunk of their own,
// requested on the user's first pointer, key or focus (or by the first thing that needs them),
// and every caller awaits them (an edit's validation and instant totals, resuming a draft, a
// save, an import, an export). Once loaded, an edit is validated in the same task as before.
// first-load.test.ts fails when a module of the builder's first load imports zod again.
import type * as EngineModule from "./engine-module.ts";

export type BuilderEngine = typeof EngineModule;

let engine: BuilderEngine | null = null;
let loading: Promise<BuilderEngine> | null = null;

/** The engine when it has already loaded, else null (then await loadEngine()). */
export function loadedEngine(): BuilderEngine | null {
  return engine;
}

/** Loads the engine once per page; a failed load (offline) may be retried by the next call. */
export function loadEngine(): Promise<BuilderEngine> {
  loading ??= import("./engine-module.ts").then(
    (module) => (engine = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
