// PostgreSQL cannot store U+0000 in text or jsonb, nor an unpaired UTF-16 surrogate in jsonb:
// a string carrying one made the query fail (SQLSTATE 22021 / 22P02) and the request answer
// 500. No valid input contains them, so inputs are refused up front, with a message, wherever
// they enter (API routes, operations, and page paths in proxy.ts).

export const UNSTORABLE_TEXT_MESSAGE =
  "Text must not contain the NUL character (U+0000) or broken Unicode (an unpaired surrogate). Remove it and try again.";

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when any string or key in `value` (nested, cycles tolerated) is one PostgreSQL cannot store. */
export function hasUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (UNSTORABLE.test(item)) return true;
    } else if (typeof item === "object" && item !== null && !seen.has(item)) {
      seen.add(item);
      if (item instanceof Map) {
        for (const [k, v] of item) stack.push(k, v);
      } else if (item instanceof Set) {
        for (const v of item) stack.push(v);
      } else {
        for (const [k, v] of Object.entries(item)) stack.push(k, v);
      }
    }
  }
  return false;
}
