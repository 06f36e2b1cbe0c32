// npm run db:migrate -- --name add_something
// Creates a migration from the schema change (diffed on a scratch in-memory PGlite), then
// applies it to the configured database unless --create-only is given.
import { parseArgs } from "node:util";

import { describeTarget, openDatabase, resolveTarget } from "../server/db/connect.ts";
import { createMigration } from "../server/db/migrations/migrations.ts";
import { prepareDatabase } from "../server/db/prepare.ts";
import { parseEnv } from "../server/env.ts";
import { runScript } from "./run-script.ts";

runScript("db:migrate", async () => {
  const { values } = parseArgs({
    options: { name: { type: "string" }, "create-only": { type: "boolean", default: false } },
  });
  if (!values.name) {
    throw new Error("Give the migration a name: npm run db:migrate -- --name add_price_index");
  }
  const created = await createMigration(values.name);
  console.log(
    created
      ? `[db:migrate] Created prisma/migrations/${created}/migration.sql`
      : "[db:migrate] The schema has no change: no migration created.",
  );
  if (values["create-only"]) return;
  const db = openDatabase(resolveTarget(parseEnv()));
  try {
    const { applied } = await prepareDatabase(db, { migrate: true, seed: false });
    console.log(
      `[db:migrate] ${describeTarget(db.target)}: ${applied.length > 0 ? `applied ${applied.join(", ")}` : "nothing to apply"}`,
    );
  } finally {
    await db.close();
  }
});
