// Client components read messages from NextIntlClientProvider, which would otherwise receive
// every namespace on every page (≈ 50 KB of JSON inlined in each HTML response). Only the
// namespaces client components actually use are sent; client-messages.test.ts scans the
// client components and fails when one uses a namespace missing here.
export const CLIENT_NAMESPACES = [
  "error",
  "preferences",
  "matrix",
  "sizing.error",
  "operationError",
  "watches.ui",
  "watches.list",
  "watches.alerts",
] as const;

type Messages = Record<string, unknown>;

/** The messages under the given namespaces (dotted paths), in the same nested shape. */
export function pickMessages(messages: Messages, namespaces: readonly string[]): Messages {
  const picked: Messages = {};
  for (const ns of namespaces) {
    const parts = ns.split(".");
    let source: unknown = messages;
    for (const part of parts) {
      source = source && typeof source === "object" ? (source as Messages)[part] : undefined;
    }
    if (source === undefined) continue;
    let target = picked;
    parts.slice(0, -1).forEach((part) => {
      target = (target[part] ??= {}) as Messages;
    });
    target[parts[parts.length - 1] as string] = source;
  }
  return picked;
}
