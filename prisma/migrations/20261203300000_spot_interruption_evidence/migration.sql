-- Spot interruption evidence (AWS Spot Instance Advisor buckets, dated) and what a trial saw.
ALTER TYPE "ImportKind" ADD VALUE 'SPOT_ADVISOR';

CREATE TABLE "SpotInterruptionEvidence" (
    "id" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "regionCode" TEXT NOT NULL,
    "instanceType" TEXT NOT NULL,
    "os" TEXT NOT NULL DEFAULT 'Linux',
    "bucket" INTEGER NOT NULL,
    "savingsPercent" INTEGER,
    "asOf" TIMESTAMP(3) NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "importBatchId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpotInterruptionEvidence_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "SpotInterruptionEvidence_bucket_check" CHECK ("bucket" BETWEEN 0 AND 4)
);

CREATE UNIQUE INDEX "SpotInterruptionEvidence_providerId_regionCode_instanceType_key" ON "SpotInterruptionEvidence"("providerId", "regionCode", "instanceType", "os", "asOf");
CREATE INDEX "SpotInterruptionEvidence_providerId_instanceType_idx" ON "SpotInterruptionEvidence"("providerId", "instanceType");

ALTER TABLE "SpotInterruptionEvidence" ADD CONSTRAINT "SpotInterruptionEvidence_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SpotInterruptionEvidence" ADD CONSTRAINT "SpotInterruptionEvidence_importBatchId_fkey" FOREIGN KEY ("importBatchId") REFERENCES "ImportBatch"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "TrialRun" ADD COLUMN "spotInterruptions" INTEGER;
ALTER TABLE "TrialRun" ADD COLUMN "spotHours" DOUBLE PRECISION;
ALTER TABLE "TrialRun" ADD CONSTRAINT "TrialRun_spotInterruptions_check" CHECK ("spotInterruptions" IS NULL OR "spotInterruptions" >= 0);
ALTER TABLE "TrialRun" ADD CONSTRAINT "TrialRun_spotHours_check" CHECK ("spotHours" IS NULL OR "spotHours" > 0);
