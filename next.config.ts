// Next.js configuration. Locale comes from a cookie / Accept-Language (no locale in the URL),
// see i18n/request.ts. The database packages stay external: PGlite loads its own WASM and
// data files at run time and must not be bundled.
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

// Security headers (CSP with a per-request nonce, HSTS, …) are set on every response by
// proxy.ts, not here: a nonce cannot be static.

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The dev server only serves its scripts and HMR socket to these origins; tests and
  // screenshots open it as 127.0.0.1.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  experimental: {
    // Server action bodies (forms, pasted probe output) are bounded; larger is refused with 413.
    serverActions: { bodySizeLimit: "1mb" },
  },
};

export default withNextIntl(nextConfig);
