// The static import graph of the app's TypeScript, read the way the bundler reads it:
// type-only imports are erased, `import()` is a chunk of its own (not followed), and a
// "use server" module reaches the client as a reference, not its code. Used by tests that hold
// what a page's first load may contain (components/scenarios/builder/first-load.test.ts,
// i18n/client-messages.test.ts).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../..");

export function resolveSpecifier(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.join(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every static, value-carrying import or re-export of a module's text: its specifiers. */
export function valueImports(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+["']([^"']+)["']/gms)) {
    if (m[1]) continue;
    const names = /^\{([^}]*)\}$/.exec((m[2] ?? "").trim());
    const allTypes =
      names !== null &&
      names[1]!
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith("type "));
    if (!allTypes) specs.push(m[3]!);
  }
  return specs;
}

export const isServerActionModule = (text: string) => /^\s*["']use server["']/.test(text);
export const isClientModule = (text: string) => /^\s*["']use client["']/m.test(text);

/**
 * Walks the graph from `entry` breadth-first; `visit(file, text, parent)` sees each module once
 * and returns false to not follow its imports. Package imports are passed to `onPackage`.
 */
export function walkImports(
  entry: string,
  visit: (file: string, text: string) => boolean | void,
  onPackage?: (file: string, spec: string, parents: Map<string, string | null>) => void,
): Map<string, string | null> {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const text = readFileSync(file, "utf8");
    if (file !== entry && isServerActionModule(text)) continue;
    if (visit(file, text) === false) continue;
    for (const spec of valueImports(text)) {
      const next = resolveSpecifier(file, spec);
      if (!next) {
        onPackage?.(file, spec, parent);
        continue;
      }
      if (!parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return parent;
}

/** The chain of files from `file` back to the walk's entry. */
export function chainTo(file: string, parents: Map<string, string | null>): string[] {
  const chain = [file];
  for (let p = parents.get(file); p; p = parents.get(p)) chain.push(p);
  return chain.map((f) => path.relative(ROOT, f));
}
