// Runs once when a Next.js server starts (Node.js runtime only; see server/start-up.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { onServerStart } = await import("./server/start-up.ts");
    await onServerStart();
  }
}
