// Is a server-action body well formed for Next.js's action encoding (React's encodeReply)?
// The proxy asks before Next.js decodes it: a malformed body ("", "[", "null", ["$Q0"], a
// thousand nested arrays) would fail inside Next's decoding and answer 500; refused here it is
// a 400. The checks accept exactly what React's client sends (tests/security/action-body.test.ts
// encodes real arguments with React's own encodeReply):
// - a fetch action (Next-Action header) whose arguments are plain JSON is a text body: the
//   JSON of the arguments array, in which a string starting with "$" is one of the inline forms
//   ("$$…" an escaped "$", "$D…" a date, "$n…" a bigint, "$undefined", "$NaN", "$Infinity",
//   "$-Infinity", "$-0", "$T" a temporary reference, "$0:path" a repeated object);
// - otherwise (a FormData, a Map, a file among the arguments) it is multipart/form-data: part
//   "0" is the arguments array, and every "$…" reference must name a part that is there and of
//   the right kind (JSON model, blob, FormData entries).
// A form posted without JavaScript (no Next-Action header) is not checked here.

/** Deeper than this is no argument of ours (a scenario is under 10); React fails near 5,000. */
export const MAX_ACTION_JSON_DEPTH = 100;

export interface ActionBodyProblem {
  reason: string;
}

type PartValue = string | { readonly size: number };

const INLINE = new Set(["$undefined", "$NaN", "$Infinity", "$-Infinity", "$-0", "$T"]);
/** References to another JSON part: a Map, a Set, an iterator, a server reference, a promise. */
const MODEL_TAGS = new Set(["Q", "W", "i", "h", "@"]);
/** References to a binary part: Blob, ArrayBuffer, typed arrays, DataView. */
const BLOB_TAGS = new Set(["B", "A", "O", "o", "U", "S", "s", "L", "l", "G", "g", "M", "m", "V"]);
/** Streams and async iterables: parts appended as the stream is read. */
const STREAM_TAGS = new Set(["r", "R", "x", "X"]);

const problem = (reason: string): ActionBodyProblem => ({ reason });

class Reply {
  private readonly parsed = new Map<number, unknown>();
  private readonly pending: number[] = [];
  private readonly queued = new Set<number>();

  constructor(
    private readonly parts: ReadonlyMap<string, PartValue>,
    private readonly multipart: boolean,
  ) {}

  check(): ActionBodyProblem | null {
    const root = this.model(0);
    if (root === undefined) return problem("the arguments are not JSON");
    if (!Array.isArray(root)) return problem("the arguments are not a JSON array");
    this.queue(0);
    for (let id = this.pending.shift(); id !== undefined; id = this.pending.shift()) {
      const found = this.walk(id, this.model(id));
      if (found) return found;
    }
    return null;
  }

  private queue(id: number): void {
    if (!this.queued.has(id)) {
      this.queued.add(id);
      this.pending.push(id);
    }
  }

  /** The parsed JSON of a part, or undefined when the part is missing, binary or not JSON. */
  private model(id: number): unknown {
    if (this.parsed.has(id)) return this.parsed.get(id);
    const text = this.parts.get(String(id));
    if (typeof text !== "string") return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    this.parsed.set(id, value);
    return value;
  }

  private walk(current: number, value: unknown): ActionBodyProblem | null {
    const stack: [unknown, number][] = [[value, 1]];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      const [item, depth] = next;
      if (typeof item === "string") {
        if (item.startsWith("$")) {
          const found = this.reference(current, item);
          if (found) return found;
        }
        continue;
      }
      if (item === null || typeof item !== "object") continue;
      if (depth > MAX_ACTION_JSON_DEPTH) {
        return problem(`the arguments are nested deeper than ${MAX_ACTION_JSON_DEPTH} levels`);
      }
      for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
    }
    return null;
  }

  private reference(current: number, ref: string): ActionBodyProblem | null {
    const bad = problem(`"${ref.slice(0, 40)}" is not a reference this request can hold`);
    if (ref.startsWith("$$") || INLINE.has(ref) || ref.startsWith("$D")) return null;
    if (ref.startsWith("$n")) return /^\$n-?\d{1,300}$/.test(ref) ? null : bad;
    // "$<id>" an outlined model, "$<id>:a:b" a path into one (a repeated object).
    const plain = /^\$([0-9a-f]+)((?::[^:]*)*)$/.exec(ref);
    if (plain) {
      const id = parseInt(plain[1]!, 16);
      const path = plain[2] ? plain[2].slice(1).split(":") : null;
      if (path === null && (id === current || id === 0 || !this.multipart)) return bad;
      let target = this.model(id);
      if (target === undefined) return bad;
      this.queue(id);
      for (const key of path ?? []) {
        if (target === null || typeof target !== "object" || !Object.hasOwn(target, key)) return bad;
        target = (target as Record<string, unknown>)[key];
      }
      return null;
    }
    if (!this.multipart) return bad;
    const tagged = /^\$([A-Za-z@])([0-9a-f]+)$/.exec(ref);
    if (!tagged) return bad;
    const [, tag, hex] = tagged as unknown as [string, string, string];
    const id = parseInt(hex, 16);
    // FormData entries are parts named "_<id>_<field>"; an empty FormData has none.
    if (tag === "K") return id > 0 ? null : bad;
    if (id === 0 || id === current) return bad;
    const part = this.parts.get(String(id));
    if (MODEL_TAGS.has(tag)) {
      const target = this.model(id);
      if (target === undefined) return bad;
      if ((tag === "Q" || tag === "W" || tag === "i") && !Array.isArray(target)) return bad;
      if (tag === "Q" && !(target as unknown[]).every((e) => Array.isArray(e) && e.length === 2)) return bad;
      this.queue(id);
      return null;
    }
    if (BLOB_TAGS.has(tag)) return part !== undefined && typeof part !== "string" ? null : bad;
    if (STREAM_TAGS.has(tag)) return part !== undefined ? null : bad;
    return bad;
  }
}

/** A fetch action's text body (`text/plain;charset=UTF-8`): the JSON of the arguments array. */
export function checkActionText(body: string): ActionBodyProblem | null {
  return new Reply(new Map([["0", body]]), false).check();
}

/** A fetch action's multipart body, as name → value entries (the first value of each name). */
export function checkActionForm(entries: Iterable<[string, PartValue]>): ActionBodyProblem | null {
  const parts = new Map<string, PartValue>();
  for (const [name, value] of entries) if (!parts.has(name)) parts.set(name, value);
  if (!parts.has("0")) return problem("the multipart body has no arguments part");
  return new Reply(parts, true).check();
}
