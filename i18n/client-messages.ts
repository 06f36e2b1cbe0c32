// Client components read messages from NextIntlClientProvider, which would otherwise receive
// every namespace on every page (≈ 50 KB of JSON inlined in each HTML response). Only the
// namespaces client components actually use are sent: the root layout sends the few that client
// components on every page use (CLIENT_NAMESPACES: the header's switches, error boundaries,
// forms' errors); a section whose client components need more wraps them in ClientMessages
// (components/client-messages.tsx) with its SECTION_NAMESPACES (the matrix's 8 KB and the watch
// dialogs' 4 KB were on every page before). client-messages.test.ts scans the client components
// and fails when one uses a namespace its section does not send.
export const CLIENT_NAMESPACES = ["error", "preferences", "sizing.error", "operationError"] as const;

export const SECTION_NAMESPACES = {
  /** app/matrix (table, filters, compare, add to shortlist, the "watch this view" dialog). */
  matrix: ["matrix", "watches.ui"],
  /** app/alerts (watch list, alert controls, the edit dialog). */
  alerts: ["watches.ui", "watches.list", "watches.alerts"],
  /** The scenario report's "watch this scenario" dialog. */
  scenarioReport: ["watches.ui"],
} as const satisfies Record<string, readonly string[]>;

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
