// Backups restore: a database with a team, a shortlist, a scenario with two versions, a trial
// and the seed's prices is backed up (PGlite tarball / pg_dump), restored into an empty
// database, and the restored one holds the same rows. Restores refuse to overwrite data.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import {
  BackupError,
  backupPglite,
  backupPostgres,
  restorePglite,
  restorePostgres,
  summarise,
} from "../../server/db/backup.ts";
import { openDatabase } from "../../server/db/connect.ts";
import { applySeed } from "../../server/db/seed.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, postgresUrl, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld } from "../shortlists/world.ts";

/** Team data worth losing sleep over: a shortlist with a note, a scenario with two versions, a trial. */
async function fill(db: PrismaClient) {
  await applySeed(db, miniSeed);
  const world = await buildWorld(db);
  const userId = world.actors.owner.user.id;
  const offerId = world.offers[1]!;
  await db.shortlist.create({
    data: {
      teamId: world.teamId,
      name: "H100 candidates",
      createdById: userId,
      items: { create: { offerId, note: "ask about NVLink", addedById: userId } },
    },
  });
  const input = { workload: { instanceHours: 100 }, offers: [{ kind: "catalog", id: offerId }] };
  await db.tcoScenario.create({
    data: {
      teamId: world.teamId,
      name: "7B LoRA",
      createdById: userId,
      latestVersion: 2,
      versions: {
        create: [
          { version: 1, input, createdById: userId },
          { version: 2, input: { ...input, budget: 5000 }, note: "budget", createdById: userId },
        ],
      },
    },
  });
  await db.trialRun.create({
    data: { teamId: world.teamId, offerId, createdById: userId, label: "200 steps", stepTimeSeconds: 1.8 },
  });
}

/** The rows a team cares about, in a stable order, without volatile columns. */
async function content(db: PrismaClient) {
  const [shortlists, versions, prices, trials] = await Promise.all([
    db.shortlist.findMany({
      orderBy: { name: "asc" },
      select: { name: true, items: { select: { offerId: true, note: true } } },
    }),
    db.tcoScenarioVersion.findMany({
      orderBy: [{ scenarioId: "asc" }, { version: "asc" }],
      select: { version: true, input: true, note: true, scenario: { select: { name: true } } },
    }),
    db.priceObservation.findMany({
      orderBy: [{ offerId: "asc" }, { pricingModel: "asc" }, { observedAt: "asc" }],
      select: { offerId: true, pricingModel: true, hourlyAmount: true, currency: true, observedAt: true },
    }),
    db.trialRun.findMany({ select: { label: true, stepTimeSeconds: true, offerId: true } }),
  ]);
  return {
    shortlists,
    versions,
    prices: prices.map((p) => ({ ...p, hourlyAmount: p.hourlyAmount.toString() })),
    trials,
  };
}

describe("backups", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "gpu-scout-backup-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("embedded: a backup restores into an empty folder with the same scenarios, shortlists and prices", async () => {
    const source = await createTestDatabase("pglite");
    let expected: Awaited<ReturnType<typeof content>>;
    let summary: Awaited<ReturnType<typeof summarise>>;
    const file = path.join(dir, "embedded.tar.gz");
    try {
      await fill(source.prisma);
      expected = await content(source.prisma);
      summary = await summarise(source);
      expect(await backupPglite(source, file)).toBeGreaterThan(1000);
    } finally {
      await source.destroy();
    }
    const target = path.join(dir, "restored");
    const restored = await restorePglite(file, target);
    expect(restored.movedAside).toBeNull();
    expect(restored.summary).toEqual(summary);
    expect(summary).toMatchObject({ shortlists: 2, scenarios: 1, scenarioVersions: 2, trials: 1 });
    const db = openDatabase({ kind: "pglite", dataDir: target });
    try {
      expect(await content(db.prisma)).toEqual(expected);
      expect(expected.prices.length).toBeGreaterThan(0);
    } finally {
      await db.close();
    }

    // A second restore into the same folder refuses; with force the old folder is moved aside.
    await expect(restorePglite(file, target)).rejects.toThrow(/already holds a database/);
    const forced = await restorePglite(file, target, { force: true });
    expect(forced.movedAside).toMatch(/restored\.before-restore-/);
    expect(forced.summary).toEqual(summary);
  });

  it("refuses files that are not backups, with a message that says what they are for", async () => {
    const junk = path.join(dir, "junk.txt");
    await writeFile(junk, "hello");
    await expect(restorePglite(junk, path.join(dir, "never"))).rejects.toBeInstanceOf(BackupError);
    await expect(restorePglite(path.join(dir, "missing.tar.gz"), path.join(dir, "never"))).rejects.toThrow(
      /No backup file/,
    );
  });

  it.skipIf(!postgresUrl)(
    "Postgres: pg_dump → pg_restore into an empty database keeps every row",
    async () => {
      let source: TestDatabase | undefined;
      let empty: TestDatabase | undefined;
      try {
        source = await createTestDatabase("postgres");
        await fill(source.prisma);
        const expected = await content(source.prisma);
        const summary = await summarise(source);
        const file = path.join(dir, "pg.pgdump");
        const url = source.target.kind === "postgres" ? source.target.url : "";
        expect(await backupPostgres(url, file)).toBeGreaterThan(1000);

        empty = await createTestDatabase("postgres", { migrate: false });
        const emptyUrl = empty.target.kind === "postgres" ? empty.target.url : "";
        expect(await restorePostgres(emptyUrl, file)).toEqual(summary);
        expect(await content(empty.prisma)).toEqual(expected);
        // Restoring again over the now full database is refused.
        await expect(restorePostgres(emptyUrl, file)).rejects.toThrow(/already has tables/);
        // A PGlite tarball is not a Postgres backup.
        await expect(restorePostgres(emptyUrl, path.join(dir, "embedded.tar.gz"))).rejects.toThrow(
          /not a Postgres backup/,
        );
      } finally {
        await source?.destroy();
        await empty?.destroy();
      }
    },
  );
});
