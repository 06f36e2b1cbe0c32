-- AlterTable
ALTER TABLE "TcoScenario" ADD COLUMN     "latestVersion" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "shortlistId" TEXT;

-- AlterTable
ALTER TABLE "TcoScenarioVersion" ADD COLUMN     "changes" JSONB;

-- CreateIndex
CREATE INDEX "TcoScenario_shortlistId_idx" ON "TcoScenario"("shortlistId");

-- AddForeignKey
ALTER TABLE "TcoScenario" ADD CONSTRAINT "TcoScenario_shortlistId_fkey" FOREIGN KEY ("shortlistId") REFERENCES "Shortlist"("id") ON DELETE SET NULL ON UPDATE CASCADE;
