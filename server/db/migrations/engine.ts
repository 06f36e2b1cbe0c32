// Prisma's schema engine compiled to WebAssembly: creates and applies migrations offline
// (the native engine cannot be downloaded here; see ARCHITECTURE.md "Migrations").
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { SchemaEngine as WasmSchemaEngine } from "@prisma/schema-engine-wasm";
import type * as GlueModule from "@prisma/schema-engine-wasm/schema_engine_bg";

type Glue = typeof GlueModule;

let gluePromise: Promise<Glue> | undefined;

// The wasm module must be instantiated once per process: a second instance corrupted memory
// in our trials (STACK.md).
function loadGlue(): Promise<Glue> {
  gluePromise ??= (async () => {
    const glue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(
      path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
      "schema_engine_bg.wasm",
    );
    const compiled = await WebAssembly.compile(await readFile(wasmPath));
    const instance = await WebAssembly.instantiate(compiled, {
      "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
    });
    const globals = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { set_message(message: string): void } };
    globals.PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message(message: string) {
        lastPanic = message;
      },
    };
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return gluePromise;
}

let lastPanic: string | undefined;

export type EngineLog = (message: string) => void;

export interface SchemaEngineHandle {
  engine: WasmSchemaEngine;
  /** Turns "External error id#N" from the engine into the driver's real error. */
  explain(error: unknown): Error;
  free(): void;
}

export async function openSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schema: { path: string; content: string },
  log: EngineLog = () => {},
): Promise<SchemaEngineHandle> {
  const glue = await loadGlue();
  const bound = bindMigrationAwareSqlAdapterFactory(adapterFactory);
  const engine = await glue.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    (line: string) => log(line),
    bound,
  );
  return {
    engine,
    explain(error: unknown): Error {
      const message = error instanceof Error ? error.message : String(error);
      const match = /External error id#(\d+)/.exec(message);
      if (match?.[1]) {
        const cause = bound.errorRegistry.consumeError(Number(match[1]));
        if (cause) {
          const detail = JSON.stringify(cause.error);
          return new Error(`${message.replace(/External error id#\d+/, "database error")}: ${detail}`);
        }
      }
      if (lastPanic) return new Error(`${message} (schema engine panic: ${lastPanic})`);
      return error instanceof Error ? error : new Error(message);
    },
    free() {
      engine.free();
    },
  };
}
