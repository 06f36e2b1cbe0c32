import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "generated/**", "tests/e2e/**", ".data/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two cores: database test files each boot PGlite and the wasm schema engine.
    maxWorkers: 2,
    globalSetup: ["tests/global-setup.ts"],
    server: { deps: { external: ["@prisma/schema-engine-wasm"] } },
  },
  resolve: {
    alias: {
      "@": new URL("./", import.meta.url).pathname,
      "server-only": new URL("./tests/stubs/server-only.ts", import.meta.url).pathname,
    },
  },
});
