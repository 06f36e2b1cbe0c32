// Runs once when a Next.js server starts. On the embedded database, open it (and take the
// data-folder lock) now rather than on the first request, so that a second server on the
// same folder fails at start-up with a clear message instead of later.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase } = await import("./server/db/client.ts");
  const { DataDirLockedError } = await import("./server/db/data-dir-lock.ts");
  try {
    const db = getDatabase();
    if (db.target.kind === "pglite") await db.prisma.$queryRaw`SELECT 1`;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`\n[gpu-scout] ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
