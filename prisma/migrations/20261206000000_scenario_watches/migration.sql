-- Scenario watches (issue 26 section 1): a watch may watch a saved scenario (over_budget,
-- cheaper_option) and remembers what its last evaluation found. Alerts record when a deliverer
-- claimed them, so one stuck in SENDING after a crash is claimed again after the lease.
-- AlterTable
ALTER TABLE "Watch" ADD COLUMN     "scenarioId" TEXT,
ADD COLUMN     "scenarioState" JSONB;

-- AlterTable
ALTER TABLE "WatchAlert" ADD COLUMN     "deliveryClaimedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Watch_scenarioId_idx" ON "Watch"("scenarioId");

-- AddForeignKey
ALTER TABLE "Watch" ADD CONSTRAINT "Watch_scenarioId_fkey" FOREIGN KEY ("scenarioId") REFERENCES "TcoScenario"("id") ON DELETE CASCADE ON UPDATE CASCADE;
