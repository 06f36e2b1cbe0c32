// npm run dev / npm start run this first: apply pending migrations, seed a fresh database.
import { describeTarget, openDatabase, resolveTarget } from "../server/db/connect.ts";
import { prepareDatabase } from "../server/db/prepare.ts";
import { parseEnv } from "../server/env.ts";
import { runScript } from "./run-script.ts";

runScript("db-prepare", async () => {
  const env = parseEnv();
  const db = openDatabase(resolveTarget(env));
  try {
    const started = Date.now();
    console.log(`[db-prepare] Database: ${describeTarget(db.target)}`);
    await prepareDatabase(db, {
      migrate: env.GPU_SCOUT_AUTO_MIGRATE,
      seed: env.GPU_SCOUT_AUTO_SEED,
      log: (message) => console.log(`[db-prepare] ${message}`),
    });
    console.log(`[db-prepare] Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await db.close();
  }
});
