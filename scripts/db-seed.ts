// npm run db:seed — apply the curated seed (idempotent: a second run changes nothing).
import { describeTarget, openDatabase, resolveTarget } from "../server/db/connect.ts";
import { applySeed } from "../server/db/seed.ts";
import { parseEnv } from "../server/env.ts";
import { seedData } from "../prisma/seed/index.ts";
import { runScript } from "./run-script.ts";

runScript("db:seed", async () => {
  const db = openDatabase(resolveTarget(parseEnv()));
  try {
    console.log(`[db:seed] Database: ${describeTarget(db.target)}`);
    const report = await applySeed(db.prisma, seedData);
    console.log(
      `[db:seed] Created: ${JSON.stringify(report.created)}; updated: ${JSON.stringify(report.updated)}`,
    );
  } finally {
    await db.close();
  }
});
