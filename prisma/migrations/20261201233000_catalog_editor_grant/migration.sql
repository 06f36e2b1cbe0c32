-- Catalog editing is an explicit grant (npm run catalog:editors -- add EMAIL), never a default.
ALTER TABLE "User" ADD COLUMN "catalogEditor" BOOLEAN NOT NULL DEFAULT false;
