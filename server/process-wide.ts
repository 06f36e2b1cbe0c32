// State kept for the life of the Node.js process, shared by every module instance. Next.js
// loads each page, route handler and proxy.ts as its own bundle, so a module-level cache is one
// cache per bundle: what /matrix counted, /matrix/rows counted again (the first GPU-filtered
// view a server answered took ~190 ms instead of ~60 at 50,000 offers). Keyed on globalThis by
// a registered symbol, like the database client (server/db/client.ts).
const registry = globalThis as typeof globalThis & Record<symbol, unknown>;

/** The one value under `name` in this process, created on first use. */
export function processWide<T>(name: string, create: () => T): T {
  const key = Symbol.for(`gpu-scout:${name}`);
  if (!(key in registry)) registry[key] = create();
  return registry[key] as T;
}
