import path from "node:path";

export interface PrismaPaths {
  schemaPath: string;
  migrationsDir: string;
}

export function defaultPrismaPaths(root = process.cwd()): PrismaPaths {
  return {
    schemaPath: path.join(root, "prisma", "schema.prisma"),
    migrationsDir: path.join(root, "prisma", "migrations"),
  };
}
