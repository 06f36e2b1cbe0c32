-- Spend (issue 47): FOCUS billing imports and rows per workspace, attribution rules, budgets,
-- ingest tokens (only the SHA-256 stored) and GPU samples. Rows are indexed by team and charge period
-- (the Spend page reads a month of one workspace).
-- CreateTable
CREATE TABLE "SpendImport" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "focusVersion" TEXT NOT NULL,
    "billingAccountId" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "rowCount" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'STAGING',
    "quirks" JSONB NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpendImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SpendRow" (
    "id" BIGSERIAL NOT NULL,
    "importId" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "billingAccountId" TEXT NOT NULL,
    "billingPeriodStart" TIMESTAMP(3) NOT NULL,
    "chargePeriodStart" TIMESTAMP(3) NOT NULL,
    "providerName" TEXT NOT NULL,
    "serviceName" TEXT NOT NULL,
    "serviceCategory" TEXT NOT NULL,
    "chargeCategory" TEXT NOT NULL,
    "pricingModel" TEXT,
    "costLine" TEXT NOT NULL,
    "billingCurrency" VARCHAR(3) NOT NULL,
    "billedCost" DECIMAL(24,10) NOT NULL,
    "effectiveCost" DECIMAL(24,10) NOT NULL,
    "listCost" DECIMAL(24,10) NOT NULL,
    "resourceId" TEXT,
    "resourceType" TEXT,
    "regionId" TEXT,
    "skuId" TEXT,
    "subAccountId" TEXT,
    "subAccountName" TEXT,
    "tags" JSONB,
    "allocTeam" TEXT,
    "allocProject" TEXT,

    CONSTRAINT "SpendRow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SpendRule" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "match" TEXT,
    "label" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpendRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SpendBudget" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "scopeValue" TEXT NOT NULL DEFAULT '',
    "amount" DECIMAL(20,4) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "watchId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpendBudget_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IngestToken" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "lastUsedAt" TIMESTAMP(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IngestToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GpuSample" (
    "id" BIGSERIAL NOT NULL,
    "teamId" TEXT NOT NULL,
    "instance" TEXT NOT NULL,
    "gpuIndex" INTEGER NOT NULL,
    "gpuName" TEXT,
    "at" TIMESTAMP(3) NOT NULL,
    "utilPercent" DOUBLE PRECISION,
    "memUsedMib" DOUBLE PRECISION,
    "powerW" DOUBLE PRECISION,
    "grEngineActive" DOUBLE PRECISION,
    "event" TEXT,

    CONSTRAINT "GpuSample_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SpendImport_teamId_status_idx" ON "SpendImport"("teamId", "status");

-- CreateIndex
CREATE INDEX "SpendRow_teamId_chargePeriodStart_idx" ON "SpendRow"("teamId", "chargePeriodStart");

-- CreateIndex
CREATE INDEX "SpendRow_teamId_billingAccountId_billingPeriodStart_idx" ON "SpendRow"("teamId", "billingAccountId", "billingPeriodStart");

-- CreateIndex
CREATE INDEX "SpendRow_importId_idx" ON "SpendRow"("importId");

-- CreateIndex
CREATE INDEX "SpendRule_teamId_idx" ON "SpendRule"("teamId");

-- CreateIndex
CREATE UNIQUE INDEX "SpendBudget_teamId_scope_scopeValue_key" ON "SpendBudget"("teamId", "scope", "scopeValue");

-- CreateIndex
CREATE UNIQUE INDEX "IngestToken_tokenHash_key" ON "IngestToken"("tokenHash");

-- CreateIndex
CREATE INDEX "IngestToken_teamId_idx" ON "IngestToken"("teamId");

-- CreateIndex
CREATE INDEX "GpuSample_teamId_instance_at_idx" ON "GpuSample"("teamId", "instance", "at");

-- AddForeignKey
ALTER TABLE "SpendImport" ADD CONSTRAINT "SpendImport_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SpendRow" ADD CONSTRAINT "SpendRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "SpendImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
