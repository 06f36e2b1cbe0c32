// The provider-facts import carries issue 27's keys, on PGlite and Postgres: yes/no keys must
// start with yes / no / partial / in progress (else the row is refused with a reason, never
// stored as unreadable evidence), a response target or fabric bandwidth stated number-first
// gets that number, and the imported facts score the security and support dimensions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { importProviderFacts, YES_NO_UNCLEAR } from "../../server/catalog/import-provider-facts.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getProviderScores } from "../../server/scoring/get-provider-scores.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const SRC = "https://example.test/trust";
const CSV = [
  "provider,fact,value,unit,as_of,source_url,quote",
  `Alpha,soc2_type2,yes — SOC 2 Type II report on request,yes/no,2026-10-01,${SRC},We completed our SOC 2 Type II audit.`,
  `Alpha,hipaa_baa,no — no BAA offered,yes/no,,${SRC},We do not sign BAAs.`,
  `Alpha,iso27001,maybe next year,yes/no,,${SRC},`,
  `Alpha,support_response_minutes,15 minutes (Enterprise),minutes,,${SRC},`,
  `Alpha,infiniband_rdma,400 Gb/s InfiniBand per GPU,Gb/s,,${SRC},`,
  `Alpha,support_24x7,Yes,yes/no,,${SRC},`,
].join("\n");

describe.each(testDbKinds)("provider facts import: issue-27 keys on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("stores readable yes/no rows, refuses an unclear one, and takes a leading number", async () => {
    const { report } = await importProviderFacts(db.prisma, "profile.csv", { text: CSV });
    expect(report.rowsRejected).toBe(1);
    expect(report.rejectionsByReason).toEqual({ [YES_NO_UNCLEAR]: 1 });
    const facts = await db.prisma.providerFact.findMany({
      where: { provider: { slug: "alpha" } },
      orderBy: { key: "asc" },
    });
    const by = (key: string) => facts.find((f) => f.key === key);
    expect(by("iso27001")).toBeUndefined();
    expect(by("soc2_type2")).toMatchObject({
      value: "yes — SOC 2 Type II report on request",
      sourceUrl: SRC,
    });
    expect(by("soc2_type2")?.asOf?.toISOString().slice(0, 10)).toBe("2026-10-01");
    expect(by("support_response_minutes")?.numericValue?.toString()).toBe("15");
    expect(by("infiniband_rdma")?.numericValue?.toString()).toBe("400");
  });

  it("the imported facts score security and support, with the rest listed unknown", async () => {
    const alpha = (await getProviderScores(undefined, db.prisma)).find((s) => s.slug === "alpha")!;
    const dim = (d: string) => alpha.dimensions.find((x) => x.dimension === d)!;
    // SOC 2 yes (1) + HIPAA BAA no (0) = 50.
    expect(dim("security")).toMatchObject({ status: "scored", score: 50 });
    // 24/7 yes (1) + a 15-minute target (1) = 100.
    expect(dim("support")).toMatchObject({ status: "scored", score: 100 });
    expect(alpha.knownItems).toEqual(
      expect.arrayContaining(["soc2", "hipaaBaa", "support24x7", "supportResponse"]),
    );
    expect(alpha.unknownItems).toEqual(
      expect.arrayContaining(["iso27001", "vpc", "gdprDpa", "dedicatedContact"]),
    );
  });
});
