-- One vote per member per shortlist item. The comment that carries a member's vote on an item
-- has voterId = authorId (plain comments keep NULL, which the unique key does not limit).
ALTER TABLE "ShortlistComment" ADD COLUMN "voterId" TEXT;

-- Existing votes: a member's latest vote on an item is their vote, older ones lose the vote
-- (a comment with text keeps its text, a vote-only comment goes).
WITH ranked AS (
  SELECT "id",
         row_number() OVER (PARTITION BY "itemId", "authorId" ORDER BY "createdAt" DESC, "id" DESC) AS n
  FROM "ShortlistComment"
  WHERE "vote" IS NOT NULL
)
UPDATE "ShortlistComment" AS c
SET "voterId" = c."authorId"
FROM ranked
WHERE ranked."id" = c."id" AND ranked.n = 1;

DELETE FROM "ShortlistComment" WHERE "vote" IS NOT NULL AND "voterId" IS NULL AND "body" IS NULL;
UPDATE "ShortlistComment" SET "vote" = NULL WHERE "vote" IS NOT NULL AND "voterId" IS NULL;

-- CreateIndex
CREATE UNIQUE INDEX "ShortlistComment_itemId_voterId_key" ON "ShortlistComment"("itemId", "voterId");
