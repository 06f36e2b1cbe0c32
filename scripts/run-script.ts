// Shared runner for the CLI scripts: clear messages instead of stack traces for known errors.
import { CatalogEditorError } from "../server/catalog/editors.ts";
import { BackupError } from "../server/db/backup.ts";
import { DataDirLockedError } from "../server/db/data-dir-lock.ts";
import { EnvError } from "../server/env.ts";

export function runScript(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (
        error instanceof DataDirLockedError ||
        error instanceof EnvError ||
        error instanceof BackupError ||
        error instanceof CatalogEditorError
      ) {
        console.error(`[${name}] ${error.message}`);
      } else {
        console.error(`[${name}] failed:`, error);
      }
      process.exit(1);
    },
  );
}
