// Prisma CLI configuration. The CLI is used offline only for `generate`, `validate` and
// `format`; migrations go through the wasm schema engine (server/db/migrations).
import { existsSync } from "node:fs";
import { defineConfig } from "prisma/config";

// Prisma 7.10 downloads its native schema engine at start-up and fails offline, even for
// `prisma generate`. Pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips the
// download (see ../shared/design/STACK.md); the native engine itself is never executed.
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(process.env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
