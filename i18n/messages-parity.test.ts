// Every message exists in both languages, with the same placeholders.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const root = path.join(process.cwd(), "messages");
const load = (file: string) => flatten(JSON.parse(readFileSync(path.join(root, file), "utf8")) as Tree);
const files = ["", ...readdirSync(path.join(root, "en")).map((f) => `${f}`)];
// ICU arguments only: `{name}` or `{name, plural, …}` — not the words of a plural branch
// (`{Add # offers}`), which differ by language. Each argument counted once.
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

describe.each(files)("messages %s", (file) => {
  const en = load(file ? `en/${file}` : "en.json");
  const zh = load(file ? `zh-CN/${file}` : "zh-CN.json");

  it("has the same keys in en and zh-CN", () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("uses the same placeholders in both languages", () => {
    for (const [key, text] of en) {
      expect(placeholders(zh.get(key) ?? ""), key).toEqual(placeholders(text));
    }
  });

  // A count the English words with `plural`/`number` is a number: printed plainly (`{count}`),
  // ICU prints String(value), "5027" beside the headline's "5,027" (issue 23). Either language.
  it("prints a counted argument with the locale's grouping wherever it appears", () => {
    for (const [key, text] of en) {
      const counted = [...text.matchAll(/\{(\w+),\s*(?:plural|selectordinal|number)\b/g)].map((m) => m[1]!);
      for (const name of new Set(counted)) {
        for (const [lang, message] of [
          ["en", text],
          ["zh-CN", zh.get(key) ?? ""],
        ] as const) {
          expect(message.includes(`{${name}}`), `${lang} ${key}: {${name}} printed plainly`).toBe(false);
        }
      }
    }
  });

  it("has no empty translation", () => {
    for (const [key, text] of [...en, ...zh]) expect(text.trim(), key).not.toBe("");
  });
});
