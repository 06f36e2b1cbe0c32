// npm run catalog:editors -- add EMAIL | remove EMAIL | list
// Grants or withdraws catalog editing in the browser (/catalog/imports) for an existing account,
// or lists who has it (server/catalog/editors.ts). Run by whoever runs the server; on the
// embedded database, stop the app first (it holds the data folder), or set
// GPU_SCOUT_CATALOG_EDITORS instead.
import { describeTarget, openDatabase, resolveTarget } from "../server/db/connect.ts";
import { prepareDatabase } from "../server/db/prepare.ts";
import {
  CatalogEditorError,
  catalogEditorPolicy,
  listCatalogEditors,
  setCatalogEditor,
} from "../server/catalog/editors.ts";
import { parseEnv } from "../server/env.ts";
import { runScript } from "./run-script.ts";

const USAGE = "Usage: npm run catalog:editors -- add EMAIL | remove EMAIL | list";

runScript("catalog:editors", async () => {
  const [command, email, ...rest] = process.argv.slice(2);
  if (
    !command ||
    rest.length > 0 ||
    (command !== "list" && !email) ||
    !["add", "remove", "list"].includes(command)
  ) {
    throw new CatalogEditorError(USAGE);
  }
  const env = parseEnv();
  const db = openDatabase(resolveTarget(env));
  try {
    await prepareDatabase(db, { migrate: env.GPU_SCOUT_AUTO_MIGRATE, seed: false });
    if (command === "list") {
      const granted = await listCatalogEditors(db.prisma);
      const policy = catalogEditorPolicy();
      console.log(`[catalog:editors] ${describeTarget(db.target)}`);
      console.log(`  granted here: ${granted.length > 0 ? granted.join(", ") : "nobody"}`);
      console.log(
        `  GPU_SCOUT_CATALOG_EDITORS: ${policy === "everyone" ? "* (every signed-in user)" : policy.size > 0 ? [...policy].join(", ") : "unset"}`,
      );
      return;
    }
    await setCatalogEditor(db.prisma, email!, command === "add");
    console.log(
      `[catalog:editors] ${email!.trim().toLowerCase()} ${command === "add" ? "may now import catalogs in the browser" : "may no longer import catalogs in the browser"} (${describeTarget(db.target)}).`,
    );
  } finally {
    await db.close();
  }
});
