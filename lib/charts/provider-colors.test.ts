import { describe, expect, it } from "vitest";

import { providerColor } from "./provider-colors.ts";

describe("providerColor", () => {
  it("gives known providers distinct fixed colours", () => {
    const slugs = [
      "aws",
      "gcp",
      "azure",
      "alibaba",
      "tencent",
      "lambda",
      "runpod",
      "coreweave",
      "nebius",
      "vast",
    ];
    const colours = slugs.map(providerColor);
    expect(new Set(colours).size).toBe(slugs.length);
    expect(providerColor("AWS")).toBe(providerColor("aws"));
  });

  it("gives any other slug a stable colour from the palette", () => {
    expect(providerColor("shadeform")).toBe(providerColor("shadeform"));
    expect(providerColor("shadeform")).toMatch(/^#[0-9a-f]{6}$/);
    const many = ["a", "b", "c", "d", "e", "f", "g", "h"].map((s) => providerColor(`cloud-${s}`));
    expect(new Set(many).size).toBeGreaterThan(3);
  });
});
