-- CreateEnum
CREATE TYPE "ShareAccess" AS ENUM ('PUBLIC', 'TEAM');

-- AlterTable
ALTER TABLE "ShareLink" ADD COLUMN     "access" "ShareAccess" NOT NULL DEFAULT 'PUBLIC',
ADD COLUMN     "includeNotes" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "sessionVersion" INTEGER NOT NULL DEFAULT 0;
