import { describe, expect, it, vi } from "vitest";

describe("processWide", () => {
  it("gives every module instance the same value (Next.js loads each route as its own bundle)", async () => {
    const first = await import("./process-wide.ts");
    vi.resetModules();
    const second = await import("./process-wide.ts");
    expect(second).not.toBe(first);
    const a = first.processWide("test:shared", () => ({ n: 1 }));
    const b = second.processWide("test:shared", () => ({ n: 2 }));
    expect(b).toBe(a);
    expect(first.processWide("test:other", () => 3)).toBe(3);
  });

  it("keeps catalog-version's entries across module instances", async () => {
    vi.resetModules();
    const one = await import("./queries/catalog-version.ts");
    vi.resetModules();
    const two = await import("./queries/catalog-version.ts");
    expect(two).not.toBe(one);
    const client = {} as Parameters<typeof one.keptUnder>[0];
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await one.keptUnder(client, "k:1", "token-a", load)).toBe(1);
    // Another bundle's copy of the module reads what the first one kept under the same token.
    expect(await two.keptUnder(client, "k:1", "token-a", load)).toBe(1);
    expect(loads).toBe(1);
    expect(await two.keptUnder(client, "k:1", "token-b", load)).toBe(2);
  });
});
