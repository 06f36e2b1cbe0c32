// A feature file (messages/<locale>/<namespace>.json) holds its namespace's content; request.ts
// puts it under the namespace. A file that wraps itself ({"watches": {…}}) ends up as
// "watches.watches.…" and every page shows message keys ("watches.ui.watchView") instead of
// words — which is what the matrix's "Watch this view" button showed until this test.
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { CLIENT_NAMESPACES, SECTION_NAMESPACES } from "./client-messages.ts";
import { FEATURE_NAMESPACES } from "./request.ts";

const root = path.resolve(import.meta.dirname, "..", "messages");
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), "utf8")) as Record<string, unknown>;

describe.each(["en", "zh-CN"])("feature message files (%s)", (locale) => {
  it.each(FEATURE_NAMESPACES)("%s.json does not wrap itself in its namespace", (ns) => {
    const keys = Object.keys(read(`${locale}/${ns}.json`));
    expect(keys).not.toEqual([ns]);
  });

  const clientNamespaces = [...new Set([...CLIENT_NAMESPACES, ...Object.values(SECTION_NAMESPACES).flat()])];
  it.each(clientNamespaces)("client namespace %s resolves to messages", (ns) => {
    const [first, ...rest] = ns.split(".");
    const feature = (FEATURE_NAMESPACES as readonly string[]).includes(first!);
    let node: unknown = feature ? read(`${locale}/${first}.json`) : read(`${locale}.json`)[first!];
    for (const part of rest) node = (node as Record<string, unknown> | undefined)?.[part];
    expect(node, `${ns} in ${locale}`).toBeTypeOf("object");
  });
});
