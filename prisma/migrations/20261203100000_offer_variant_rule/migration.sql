-- Issue 22: each imported offer records which evidence decided its GPU variant
-- (name, instance_type, memory, single_variant, not_stated).
ALTER TABLE "Offer" ADD COLUMN "variantRule" TEXT;
