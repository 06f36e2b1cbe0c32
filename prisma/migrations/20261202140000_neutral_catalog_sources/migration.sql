-- Catalog sources never name a path on the server. Imports from the CLI stored the path they
-- were given (../shared/data/hyperscalers/aws_vms.csv) as the source of offers, prices,
-- providers, GPU models and benchmarks, and as the import batch's source, and pages and the API
-- show them. Rewrite every stored source that is not an http(s) URL, not an MLCommons
-- repository path and contains a "/" or "\" to the neutral label the importers now write
-- (lib/catalog/source-label.ts): "imported file <base name>" ("imported folder <name>" when the
-- base name has no extension).
CREATE FUNCTION "gpu_scout_source_label"(value text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value IS NULL OR value ~* '^https?://' OR value LIKE 'mlcommons:%' OR value !~ '[/\\]'
      OR value ~ '^imported (file|folder) [^/\\]*$' THEN value
    ELSE (
      SELECT CASE WHEN base LIKE '%.%' THEN 'imported file ' ELSE 'imported folder ' END || base
      FROM (
        SELECT coalesce(
          nullif(regexp_replace(substring(rtrim(translate(value, '\', '/'), '/') from '[^/]*$'), '^upload:', ''), ''),
          'catalog'
        ) AS base
      ) AS b
    )
  END
$$;

CREATE FUNCTION "gpu_scout_label_files"(list jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(list) <> 'array' THEN list
    ELSE coalesce(
      (
        SELECT jsonb_agg(
          CASE
            WHEN jsonb_typeof(item) = 'object' AND jsonb_typeof(item -> 'file') = 'string'
              THEN jsonb_set(item, '{file}', to_jsonb("gpu_scout_source_label"(item ->> 'file')))
            ELSE item
          END
          ORDER BY position
        )
        FROM jsonb_array_elements(list) WITH ORDINALITY AS e(item, position)
      ),
      '[]'::jsonb
    )
  END
$$;

UPDATE "PriceObservation" SET "sourceUrl" = "gpu_scout_source_label"("sourceUrl")
WHERE "sourceUrl" IS DISTINCT FROM "gpu_scout_source_label"("sourceUrl");

UPDATE "Offer" SET "sourceUrl" = "gpu_scout_source_label"("sourceUrl")
WHERE "sourceUrl" IS DISTINCT FROM "gpu_scout_source_label"("sourceUrl");

UPDATE "Provider" SET "sourceUrl" = "gpu_scout_source_label"("sourceUrl")
WHERE "sourceUrl" IS DISTINCT FROM "gpu_scout_source_label"("sourceUrl");

UPDATE "GpuModel" SET "sourceUrl" = "gpu_scout_source_label"("sourceUrl")
WHERE "sourceUrl" IS DISTINCT FROM "gpu_scout_source_label"("sourceUrl");

UPDATE "BenchmarkResult" SET "sourceUrl" = "gpu_scout_source_label"("sourceUrl")
WHERE "sourceUrl" IS DISTINCT FROM "gpu_scout_source_label"("sourceUrl");

UPDATE "ProviderFact" SET "sourceUrl" = "gpu_scout_source_label"("sourceUrl")
WHERE "sourceUrl" IS DISTINCT FROM "gpu_scout_source_label"("sourceUrl");

UPDATE "FxRate" SET "sourceUrl" = "gpu_scout_source_label"("sourceUrl")
WHERE "sourceUrl" IS DISTINCT FROM "gpu_scout_source_label"("sourceUrl");

-- The curated seed's batch ("prisma/seed", a folder of this repository) keeps its name.
UPDATE "ImportBatch" SET "source" = "gpu_scout_source_label"("source")
WHERE "kind" <> 'SEED' AND "source" IS DISTINCT FROM "gpu_scout_source_label"("source");

-- The stored report repeats the source and names each file (files, corrections, rejections).
UPDATE "ImportBatch"
SET "report" = jsonb_set(
  jsonb_set(
    jsonb_set(
      jsonb_set(
        "report"::jsonb,
        '{source}',
        to_jsonb("gpu_scout_source_label"("report"::jsonb ->> 'source'))
      ),
      '{files}',
      "gpu_scout_label_files"(coalesce("report"::jsonb -> 'files', '[]'::jsonb))
    ),
    '{corrections}',
    "gpu_scout_label_files"(coalesce("report"::jsonb -> 'corrections', '[]'::jsonb))
  ),
  '{rejections}',
  "gpu_scout_label_files"(coalesce("report"::jsonb -> 'rejections', '[]'::jsonb))
)
WHERE "kind" <> 'SEED'
  AND jsonb_typeof("report"::jsonb) = 'object'
  AND jsonb_typeof("report"::jsonb -> 'source') = 'string';

DROP FUNCTION "gpu_scout_label_files"(jsonb);
DROP FUNCTION "gpu_scout_source_label"(text);
