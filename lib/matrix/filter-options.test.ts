import { describe, expect, it } from "vitest";

import { filterOptions } from "./filter-options.ts";
import { testData } from "../../tests/fixtures/matrix-data.ts";

describe("matrix filter options", () => {
  it("lists each provider, family, variant, GPU, country and region once, sorted by label", () => {
    const options = filterOptions(testData, "en");
    expect(options.providers).toEqual([
      { value: "alpha", label: "Alpha" },
      { value: "beta", label: "Beta" },
    ]);
    expect(options.families.map((o) => o.value)).toEqual(["H100", "L4"]);
    expect(options.variants.map((o) => o.value)).toEqual(["PCIe", "SXM"]);
    expect(options.gpus.map((o) => o.label)).toEqual(["H100 PCIe 80GB", "H100 SXM 80GB", "L4 24GB"]);
    expect(options.countries.map((o) => o.value)).toEqual(["DE", "US"]);
    expect(options.regions.map((o) => o.value)).toEqual(["eu-1", "us-east-1"]);
  });

  it("labels providers in the reader's language", () => {
    expect(
      filterOptions(testData, "zh-CN")
        .providers.map((o) => o.label)
        .sort(),
    ).toEqual(["贝塔", "阿尔法"].sort());
  });
});
