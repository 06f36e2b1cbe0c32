// Provider traits for the matrix's "decide by" filters (issue 27): only a stated "yes", an
// InfiniBand offer or a mainland-China region gives a trait; filtering keeps only providers
// known to have every needed trait.
import { describe, expect, it } from "vitest";

import { hasTraits, providerTraits, type ProviderTrait } from "./traits.ts";

const fact = (key: string, value: string) => ({ key, value });

describe("providerTraits", () => {
  it.each<[string, Parameters<typeof providerTraits>[0], ProviderTrait[]]>([
    ["nothing known: no traits", { facts: [], interconnects: [], countries: [] }, []],
    [
      "stated yes facts",
      {
        facts: [
          fact("hipaa_baa", "yes — BAA in AWS Artifact"),
          fact("soc2_type2", "Yes"),
          fact("managed_kubernetes_gpu", "yes — CKS"),
          fact("support_24x7", "yes"),
        ],
        interconnects: [],
        countries: [],
      },
      ["hipaa", "soc2", "k8s", "support247"],
    ],
    [
      "a stated no, a partial and an in-progress are not the trait",
      {
        facts: [
          fact("hipaa_baa", "no — not offered"),
          fact("soc2_type2", "in progress"),
          fact("managed_kubernetes_gpu", "partial — preview only"),
        ],
        interconnects: [],
        countries: [],
      },
      [],
    ],
    [
      "words that are neither yes nor no are not the trait",
      { facts: [fact("soc2_type2", "SOC audits named; type not stated")], interconnects: [], countries: [] },
      [],
    ],
    [
      "InfiniBand from an offer",
      { facts: [], interconnects: ["NVLINK", "INFINIBAND"], countries: [] },
      ["infiniband"],
    ],
    [
      "InfiniBand from a fact that says InfiniBand",
      { facts: [fact("infiniband_rdma", "yes — InfiniBand fabric")], interconnects: [], countries: [] },
      ["infiniband"],
    ],
    [
      "an InfiniBand fact stated as its bandwidth",
      { facts: [fact("infiniband_rdma", "400 Gb/s InfiniBand per GPU")], interconnects: [], countries: [] },
      ["infiniband"],
    ],
    [
      "an RDMA fact that is not InfiniBand (eRDMA) is not InfiniBand",
      { facts: [fact("infiniband_rdma", "yes — eRDMA (elastic RDMA)")], interconnects: [], countries: [] },
      [],
    ],
    [
      "a region in mainland China (CN); Hong Kong is not",
      { facts: [], interconnects: [], countries: ["US", "HK", null, "CN"] },
      ["cn"],
    ],
    ["Hong Kong alone", { facts: [], interconnects: [], countries: ["HK"] }, []],
  ])("%s", (_name, input, expected) => {
    expect(providerTraits(input)).toEqual(expected);
  });
});

describe("hasTraits", () => {
  it.each<[string, ProviderTrait[] | undefined, ProviderTrait[], boolean]>([
    ["nothing needed", undefined, [], true],
    ["unknown provider, something needed", undefined, ["soc2"], false],
    ["has it", ["soc2", "hipaa"], ["soc2"], true],
    ["needs all of them", ["soc2"], ["soc2", "hipaa"], false],
  ])("%s", (_name, traits, needed, expected) => {
    expect(hasTraits(traits, needed)).toBe(expected);
  });
});
