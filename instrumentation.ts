// Runs once when a Next.js server starts (Node.js runtime only; see server/start-up.ts), and
// on every server error: one structured log line with the request id, and a database that
// cannot be reached is marked unavailable so the proxy answers 503 until it is back.
import type { Instrumentation } from "next";

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { onServerStart } = await import("./server/start-up.ts");
    await onServerStart();
  }
}

export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { reportRequestError } = await import("./server/request-error.ts");
  reportRequestError(error, request, context);
};
