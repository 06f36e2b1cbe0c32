"use server";
// Catalog imports from the browser: a public endpoint, so it only runs its operation (the
// catalog-editor check and validation happen inside it, server/catalog/ui-operations.ts).
import { revalidatePath } from "next/cache";

import { runAction } from "@/server/access/run-action.ts";
import { catalogOperations } from "@/server/catalog/ui-operations.ts";

export async function importCatalogFile(input: unknown) {
  const result = await runAction(catalogOperations.importCatalogFile, input);
  if (result.ok) revalidatePath("/catalog/imports", "layout");
  return result;
}
