-- Watches and alerts (issue 26 section 1): saved matrix views with a condition, the offers
-- last seen in each view, and one alert per watch x offer x change (the unique key makes a
-- repeated evaluation insert nothing).
CREATE TABLE "Watch" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "view" TEXT NOT NULL,
    "condition" JSONB NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "webhookKind" TEXT,
    "webhookUrlEnc" TEXT,
    "webhookSecretEnc" TEXT,
    "webhookMask" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Watch_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "WatchSeenOffer" (
    "watchId" TEXT NOT NULL,
    "offerId" TEXT NOT NULL,

    CONSTRAINT "WatchSeenOffer_pkey" PRIMARY KEY ("watchId", "offerId")
);

CREATE TABLE "WatchAlert" (
    "id" TEXT NOT NULL,
    "watchId" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "offerId" TEXT NOT NULL,
    "changeKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "facts" JSONB NOT NULL,
    "importBatchId" TEXT,
    "readAt" TIMESTAMP(3),
    "deliveryStatus" TEXT NOT NULL DEFAULT 'NONE',
    "deliveryAttempts" INTEGER NOT NULL DEFAULT 0,
    "deliveryLastError" TEXT,
    "deliveredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatchAlert_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "Watch_teamId_idx" ON "Watch"("teamId");
CREATE UNIQUE INDEX "WatchAlert_watchId_offerId_changeKey_key" ON "WatchAlert"("watchId", "offerId", "changeKey");
CREATE INDEX "WatchAlert_teamId_readAt_idx" ON "WatchAlert"("teamId", "readAt");
CREATE INDEX "WatchAlert_deliveryStatus_idx" ON "WatchAlert"("deliveryStatus");

ALTER TABLE "Watch" ADD CONSTRAINT "Watch_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Watch" ADD CONSTRAINT "Watch_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "WatchSeenOffer" ADD CONSTRAINT "WatchSeenOffer_watchId_fkey" FOREIGN KEY ("watchId") REFERENCES "Watch"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WatchAlert" ADD CONSTRAINT "WatchAlert_watchId_fkey" FOREIGN KEY ("watchId") REFERENCES "Watch"("id") ON DELETE CASCADE ON UPDATE CASCADE;
