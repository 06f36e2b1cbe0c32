-- AlterTable
ALTER TABLE "BenchmarkResult" ADD COLUMN     "sourceRow" INTEGER;

-- AlterTable
ALTER TABLE "Offer" ADD COLUMN     "gpuMemoryGb" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "PriceObservation" ADD COLUMN     "qualityFlags" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "sourceRow" INTEGER;

-- AlterTable
ALTER TABLE "ProviderFact" ADD COLUMN     "sourceRow" INTEGER;
