import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import en from "../messages/en.json";
import { CLIENT_NAMESPACES, pickMessages } from "./client-messages.ts";

const ROOT = path.resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("pickMessages", () => {
  it("keeps only the namespaces asked for, nested paths included", () => {
    const messages = { a: { x: "1" }, b: { error: { y: "2" }, other: "3" }, c: "4" };
    expect(pickMessages(messages, ["a", "b.error", "missing"])).toEqual({
      a: { x: "1" },
      b: { error: { y: "2" } },
    });
  });

  it("picks from the real catalog", () => {
    expect(pickMessages(en, ["preferences"])).toEqual({ preferences: en.preferences });
  });
});

describe("client components", () => {
  it("only use namespaces that are sent to the client", () => {
    const used = new Set<string>();
    for (const dir of ["app", "components"]) {
      for (const file of sourceFiles(path.join(ROOT, dir))) {
        const text = readFileSync(file, "utf8");
        if (!/^\s*["']use client["']/m.test(text)) continue;
        for (const m of text.matchAll(/useTranslations\(\s*["']([^"']+)["']\s*\)/g)) used.add(m[1] as string);
        expect(text, `${file}: useTranslations() without a namespace`).not.toMatch(/useTranslations\(\s*\)/);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    for (const ns of used) {
      const covered = CLIENT_NAMESPACES.some((c) => ns === c || ns.startsWith(`${c}.`));
      expect(covered, `client namespace "${ns}" is not in CLIENT_NAMESPACES`).toBe(true);
    }
  });
});
