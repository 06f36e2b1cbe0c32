// The import function of every catalog source (lib/catalog/import-kinds.ts lists the sources:
// CLI flag, browser choice, detection), used by the CLI (scripts/catalog-import.ts), the
// browser import (ui-operations.ts) and the sync (sync.ts). Each source imports either a
// target the CLI names (a path, a folder or a URL) or files already read (an upload, a file
// the sync fetched); every import is one transaction with a stored report (run-import.ts).
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { ImportSourceId } from "../../lib/catalog/import-kinds.ts";
import { fetchCatalogUrl, readCatalogPath, type CatalogFile } from "./catalog-source.ts";
import { importEpoch } from "./import-epoch.ts";
import { importGpuSpecs } from "./import-gpu-specs.ts";
import { importMlperf } from "./import-mlperf.ts";
import { importNativeOffers } from "./import-native.ts";
import { importProviderFacts } from "./import-provider-facts.ts";
import { importSkypilot, type ImportProgress } from "./import-skypilot.ts";
import { importSpotAdvisor } from "./import-spot-advisor.ts";
import type { ImportResult } from "./run-import.ts";

export interface TargetOptions {
  /** SkyPilot: the provider slug of a single file (default: its folder or file name). */
  cloud?: string;
  /** When the data was observed (--observed-at); sources without a date of their own use it. */
  observedAt?: Date;
  onProgress?: (p: ImportProgress) => void;
}

export interface FilesOptions {
  /** Stored as the batch's source: a URL, "upload:<file name>". */
  source: string;
  createdById?: string;
}

export interface Importer {
  /** The CLI: what `--<flag> <target>` names. */
  importTarget: (prisma: PrismaClient, target: string, options: TargetOptions) => Promise<ImportResult>;
  /** Files already read (browser upload, sync); absent where only the CLI takes the source. */
  importFiles?: (prisma: PrismaClient, files: CatalogFile[], options: FilesOptions) => Promise<ImportResult>;
}

/** A single-file source given files: the first one (the browser and the sync send one). */
function onlyFile(files: CatalogFile[]): CatalogFile {
  const [file] = files;
  if (!file || files.length > 1) throw new Error("this source imports one file at a time");
  return file;
}

const observed = (file: CatalogFile) => file.observedAt ?? undefined;

export const IMPORTERS: Record<ImportSourceId, Importer> = {
  GPU_SPECS: {
    importTarget: (prisma, target) => importGpuSpecs(prisma, target),
    importFiles: (prisma, files, { source, createdById }) =>
      importGpuSpecs(prisma, source, { text: onlyFile(files).text, createdById }),
  },
  EPOCH: {
    importTarget: (prisma, target) => importEpoch(prisma, target),
  },
  SKYPILOT: {
    async importTarget(prisma, target, { cloud, observedAt, onProgress }) {
      const files = /^https?:\/\//.test(target)
        ? [await fetchCatalogUrl(target, { cloud, observedAt })]
        : await readCatalogPath(target, { cloud, observedAt });
      return importSkypilot(prisma, files, { source: target, onProgress });
    },
    importFiles: (prisma, files, { source, createdById }) =>
      importSkypilot(prisma, files, { source, createdById }),
  },
  PROVIDER_FACTS: {
    importTarget: (prisma, target) => importProviderFacts(prisma, target),
    importFiles: (prisma, files, { source, createdById }) =>
      importProviderFacts(prisma, source, { text: onlyFile(files).text, createdById }),
  },
  MLPERF: {
    importTarget: (prisma, target) => importMlperf(prisma, target),
    importFiles: (prisma, files, { source, createdById }) =>
      importMlperf(prisma, source, {
        files: files.map((f) => ({ name: f.name, text: f.text })),
        createdById,
      }),
  },
  SPOT_ADVISOR: {
    importTarget(prisma, target, { observedAt }) {
      if (!observedAt) throw new Error("--spot-advisor needs --observed-at YYYY-MM-DD (the snapshot's date)");
      return importSpotAdvisor(prisma, target, { asOf: observedAt });
    },
  },
  NATIVE: {
    importTarget: (prisma, target, { observedAt }) => importNativeOffers(prisma, target, { observedAt }),
    importFiles(prisma, files, { source, createdById }) {
      const file = onlyFile(files);
      return importNativeOffers(prisma, source, { text: file.text, observedAt: observed(file), createdById });
    },
  },
};

/** The importer of a source that takes files already read (the browser's and the sync's). */
export function fileImporter(id: ImportSourceId): NonNullable<Importer["importFiles"]> {
  const importFiles = IMPORTERS[id].importFiles;
  if (!importFiles) throw new Error(`${id} is imported from the command line only`);
  return importFiles;
}
