-- TrialRun had no writer before this migration (no UI or API created trial runs), so the
-- dropped columns held no data: diskMbps becomes read/write MB/s, and a unit + units per step
-- become samples and tokens per step (the user picks the unit when comparing).
/*
  Warnings:

  - You are about to drop the column `diskMbps` on the `TrialRun` table. All the data in the column will be lost.
  - You are about to drop the column `unitOfWork` on the `TrialRun` table. All the data in the column will be lost.
  - You are about to drop the column `unitsPerStep` on the `TrialRun` table. All the data in the column will be lost.

*/
-- AlterTable
ALTER TABLE "TrialRun" DROP COLUMN "diskMbps",
DROP COLUMN "unitOfWork",
DROP COLUMN "unitsPerStep",
ADD COLUMN     "diskReadMBps" DOUBLE PRECISION,
ADD COLUMN     "diskWriteMBps" DOUBLE PRECISION,
ADD COLUMN     "durationMinutes" DOUBLE PRECISION,
ADD COLUMN     "fullJobSteps" DOUBLE PRECISION,
ADD COLUMN     "label" TEXT,
ADD COLUMN     "probe" JSONB,
ADD COLUMN     "samplesPerStep" DOUBLE PRECISION,
ADD COLUMN     "setupMinutes" DOUBLE PRECISION,
ADD COLUMN     "tokensPerStep" DOUBLE PRECISION,
ADD COLUMN     "transferTestGb" DOUBLE PRECISION;
