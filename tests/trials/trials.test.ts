// Trial runs and hardware checks on real PGlite and Postgres (mini seed): a trial's derived
// numbers by hand, the list in another currency, nvidia-smi output checked against the offer it
// was sold as (and recorded on the checklist), and a scenario started from the trial pricing the
// job with what the trial measured. The nvidia-smi text is written by tests/fixtures/nvidia-smi.ts
// (so this runs on a clean clone); the real captures (the shared data folder, when present) are parsed and verified by
// lib/hardware/*.test.ts and tests/hardware/verify-api.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { documentFromTrials } from "../../lib/scenarios/from-trials.ts";
import { scenarioDocumentSchema } from "../../lib/scenarios/document.ts";
import { executeOperation } from "../../server/access/operation.ts";
import { applySeed } from "../../server/db/seed.ts";
import { computeScenario } from "../../server/scenarios/compute.ts";
import { hardwareCheckOperations } from "../../server/trials/hardware-operations.ts";
import { trialOperations } from "../../server/trials/operations.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { H100_SXM, L4, nvidiaSmiTable } from "../fixtures/nvidia-smi.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "../shortlists/world.ts";

const EIGHT_H100 = nvidiaSmiTable(
  Array.from({ length: 8 }, () => H100_SXM),
  "565.57.01",
  "12.7",
);
const ONE_L4 = nvidiaSmiTable([L4], "550.90.07", "12.4");

describe.each(testDbKinds)("trial runs on %s", (kind) => {
  let db: TestDatabase;
  let world: World;
  let h100: string;
  const ctx = (who: keyof World["actors"]) => ({ db: db.prisma, actor: world.actors[who] });

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    world = await buildWorld(db.prisma);
    h100 = world.offers[1]!; // 8x-h100, Alpha, 19.92 USD/h on demand
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("records a trial and derives its cost and cost per unit of work by hand", async () => {
    const created = await executeOperation(trialOperations.createTrial, ctx("editor"), {
      teamId: world.teamId,
      offerId: h100,
      fields: { label: "LoRA 7B, 200 steps", stepTimeSeconds: 1.8, billedHourlyPrice: 20, currency: "USD" },
    });
    expect(created.ok).toBe(true);
    const trialId = created.ok ? created.data.trialId : "";
    const updated = await executeOperation(trialOperations.updateTrial, ctx("editor"), {
      trialId,
      fields: {
        samplesPerStep: 64,
        tokensPerStep: 131_072,
        durationMinutes: 45,
        bootToReadySeconds: 210,
        rebootPassed: true,
        driverVersion: "565.57.01",
        frameworkVersions: { torch: "2.5.1" },
      },
    });
    expect(updated.ok).toBe(true);
    const got = await executeOperation(trialOperations.getTrial, ctx("viewer"), { trialId });
    if (!got.ok) throw new Error(JSON.stringify(got.error));
    const v = got.data;
    expect(v.team.canEdit).toBe(false); // the viewer reads, does not edit
    expect(v.offer.onDemand).toMatchObject({ hourly: 19.92, currency: "USD" });
    // 20 $/h × 45 min = 15 $.
    expect(v.derived.trialCost).toBe(15);
    // One step: 20 × 1.8 ÷ 3600 = 0.01 $; per 1k samples ÷ 0.064; per 1M tokens ÷ 0.131072.
    expect(v.derived.costPerUnit.step).toBeCloseTo(0.01, 12);
    expect(v.derived.costPerUnit["1k_samples"]).toBeCloseTo(0.15625, 12);
    expect(v.derived.costPerUnit["1m_tokens"]).toBeCloseTo(0.01 / 0.131072, 12);
    expect(v.derived.steps).toEqual({ start: true, environment: true, job: true, reboot: true, cost: true });
    expect(v.fields.frameworkVersions).toEqual({ torch: "2.5.1" });

    // Cleared with null; the list converts money into the reader's currency (7.1 CNY per USD).
    await executeOperation(trialOperations.updateTrial, ctx("editor"), {
      trialId,
      fields: { frameworkVersions: null, notes: "" },
    });
    const list = await executeOperation(trialOperations.listTrials, ctx("owner"), { currency: "CNY" });
    if (!list.ok) throw new Error("list failed");
    const row = list.data.trials.find((t) => t.id === trialId)!;
    expect(row.trialCost).toBeCloseTo(15 * 7.1, 9);
    expect(row.costPerUnit.step).toBeCloseTo(0.071, 12);
    expect(list.data.fx).toMatchObject({ usdToCny: 7.1 });
    const again = await executeOperation(trialOperations.getTrial, ctx("owner"), { trialId });
    expect(again.ok && again.data.fields.frameworkVersions).toBeNull();
  });

  it("lists only the trials on one GPU model when asked (the GPU page)", async () => {
    const onH100 = await executeOperation(trialOperations.listTrials, ctx("owner"), {
      gpuSlug: "h100-sxm-80gb",
    });
    const onL4 = await executeOperation(trialOperations.listTrials, ctx("owner"), { gpuSlug: "l4-24gb" });
    if (!onH100.ok || !onL4.ok) throw new Error("list failed");
    expect(onH100.data.trials.length).toBeGreaterThan(0);
    expect(onH100.data.trials.every((t) => t.offer.gpu.slug === "h100-sxm-80gb")).toBe(true);
    expect(onL4.data.trials).toEqual([]);
  });

  it("refuses bad fields with a message per field and changes nothing", async () => {
    const before = await db.prisma.trialRun.count();
    const bad = await executeOperation(trialOperations.createTrial, ctx("editor"), {
      teamId: world.teamId,
      offerId: h100,
      fields: { stepTimeSeconds: -1, currency: "EUR", driverVersion: "550; rm -rf /" },
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && Object.keys(bad.error.fieldErrors ?? {}).sort()).toEqual([
      "fields.currency",
      "fields.driverVersion",
      "fields.stepTimeSeconds",
    ]);
    expect(await db.prisma.trialRun.count()).toBe(before);
  });

  it("checks nvidia-smi output against the offer and records it on the checklist", async () => {
    const trial = await executeOperation(trialOperations.createTrial, ctx("editor"), {
      teamId: world.teamId,
      offerId: h100,
    });
    const trialRunId = trial.ok ? trial.data.trialId : "";
    const shortlist = await db.prisma.shortlist.create({
      data: {
        teamId: world.teamId,
        name: "H100s",
        createdById: world.actors.owner.user.id,
        items: { create: { offerId: h100, addedById: world.actors.owner.user.id } },
      },
      include: { items: true },
    });
    const itemId = shortlist.items[0]!.id;

    // 8× H100 SXM delivered for an 8× H100 SXM offer: a match.
    const good = await executeOperation(hardwareCheckOperations.recordHardwareCheck, ctx("editor"), {
      teamId: world.teamId,
      trialRunId,
      shortlistItemId: itemId,
      output: EIGHT_H100,
    });
    if (!good.ok) throw new Error(JSON.stringify(good.error));
    expect(good.data.report).toMatchObject({
      format: "table",
      count: 8,
      driverVersion: "565.57.01",
      verdict: "match",
    });
    let entry = await db.prisma.checklistEntry.findFirstOrThrow({ where: { shortlistItemId: itemId } });
    expect(entry).toMatchObject({
      item: "VRAM_CONFIRMED_BY_RUN",
      status: "OK",
      hardwareCheckId: good.data.checkId,
    });

    // One L4 delivered for the same offer: a mismatch in plain words, and the item is a problem.
    const bad = await executeOperation(hardwareCheckOperations.recordHardwareCheck, ctx("editor"), {
      teamId: world.teamId,
      trialRunId,
      shortlistItemId: itemId,
      output: ONE_L4,
      locale: "en",
    });
    if (!bad.ok) throw new Error(JSON.stringify(bad.error));
    expect(bad.data.report.verdict).toBe("mismatch");
    expect(bad.data.report.mismatches.map((m) => m.field)).toEqual(
      expect.arrayContaining(["model", "count"]),
    );
    expect(bad.data.report.mismatches.find((m) => m.field === "count")?.message).toMatch(/8 GPUs.*1/);
    entry = await db.prisma.checklistEntry.findFirstOrThrow({ where: { shortlistItemId: itemId } });
    expect(entry.status).toBe("PROBLEM");
    expect(entry.evidenceText).toBeTruthy();

    // Garbage is a clear refusal, not a stored check.
    const checks = await db.prisma.hardwareCheck.count();
    const junk = await executeOperation(hardwareCheckOperations.recordHardwareCheck, ctx("editor"), {
      teamId: world.teamId,
      trialRunId,
      output: "<html><body>Login</body></html>",
    });
    expect(junk).toMatchObject({ ok: false, error: { code: "REJECTED", reason: "unrecognised-output" } });
    expect(!junk.ok && junk.error.fieldErrors?.output?.[0]).toMatch(/nvidia-smi/);
    expect(await db.prisma.hardwareCheck.count()).toBe(checks);

    const view = await executeOperation(trialOperations.getTrial, ctx("viewer"), { trialId: trialRunId });
    expect(view.ok && view.data.hardwareChecks.map((c) => c.verdict)).toEqual(["MISMATCH", "MATCH"]);
  });

  it("prices a job from a trial with the measured step time, boot and upload speed", async () => {
    const fields = {
      stepTimeSeconds: 2.4,
      fullJobSteps: 3000,
      bootToReadySeconds: 360,
      setupMinutes: 0,
      uploadMbps: 400,
      billedHourlyPrice: 18,
      currency: "USD" as const,
    };
    const doc = scenarioDocumentSchema.parse({
      ...documentFromTrials([{ id: "t1", label: "run 1", offerId: h100, offerCurrency: "USD", fields }]),
      pricingModels: ["on_demand"],
      data: { uploadGb: 180, egressGb: 0 },
      storage: { blockGb: 0, objectGb: 0, snapshotGb: 0, retentionMonths: 0 },
    });
    const { en } = await computeScenario(db.prisma, doc);
    const row = en.rows[0]!;
    // 3000 steps × 2.4 s = 2 h of work + 6 min boot + 180 GB × 8000 ÷ 400 Mb/s = 1 h upload.
    expect(row.expectedHours).toBeCloseTo(3.1, 9);
    // Billed at the trial's 18 $/h, not the catalog's 19.92.
    expect(row.total).toBeCloseTo(3.1 * 18, 2);
    const compute = row.lines.find((l) => l.kind === "compute");
    expect(compute?.explanation).toMatch(/measured in a trial/);
    expect(en.offers[0]!.measured).toMatchObject({ trialId: "t1", secondsPerStep: 2.4, bootMinutes: 6 });
  });
});
