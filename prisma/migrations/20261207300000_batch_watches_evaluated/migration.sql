-- When watches were evaluated for a batch (server/catalog/staged-import.ts): start-up
-- evaluates finished batches that were not. Batches finished before this column existed were
-- evaluated when they ran.
ALTER TABLE "ImportBatch" ADD COLUMN "watchesEvaluatedAt" TIMESTAMP(3);

UPDATE "ImportBatch" SET "watchesEvaluatedAt" = "finishedAt" WHERE "status" = 'SUCCEEDED';
