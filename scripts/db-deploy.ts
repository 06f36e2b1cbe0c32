// npm run db:deploy — apply pending migrations (for real Postgres deployments).
import { describeTarget, openDatabase, resolveTarget } from "../server/db/connect.ts";
import { prepareDatabase } from "../server/db/prepare.ts";
import { parseEnv } from "../server/env.ts";
import { runScript } from "./run-script.ts";

runScript("db:deploy", async () => {
  const db = openDatabase(resolveTarget(parseEnv()));
  try {
    console.log(`[db:deploy] Database: ${describeTarget(db.target)}`);
    const { applied } = await prepareDatabase(db, { migrate: true, seed: false });
    console.log(
      applied.length > 0 ? `[db:deploy] Applied: ${applied.join(", ")}` : "[db:deploy] Nothing to apply.",
    );
  } finally {
    await db.close();
  }
});
