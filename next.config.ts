// Next.js configuration. Locale comes from a cookie / Accept-Language (no locale in the URL),
// see i18n/request.ts. The database packages stay external: PGlite loads its own WASM and
// data files at run time and must not be bundled.
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

// Security headers (CSP with a per-request nonce, HSTS, …) are set on every response by
// proxy.ts, not here: a nonce cannot be static.

const nextConfig: NextConfig = {
  // `npm run build` also writes .next/standalone (server.js + the traced node_modules), which
  // `npm run start:prod` and the Dockerfile run; `npm start` (next start) keeps working.
  output: "standalone",
  poweredByHeader: false,
  // The dev server only serves its scripts and HMR socket to these origins; tests and
  // screenshots open it as 127.0.0.1.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  // The icon's URL carries a hash of its content (app/icon.svg → /icon.svg?icon.<hash>.svg),
  // and Chromium asks for the page's icon again at every URL change, which the matrix makes
  // at every filter change: served as revalidate-always, each change cost a request to the
  // server next to the rows request (issue 23 §2). Kept for a year instead: the pages link
  // it only with the hash, and a new icon is a new URL.
  headers() {
    return [
      {
        source: "/icon.svg",
        headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
      },
    ];
  },
  experimental: {
    // Server action bodies are bounded (the largest is a catalog file uploaded by an editor, at
    // most 4 MB of text: server/catalog/ui-operations.ts); larger is refused.
    serverActions: { bodySizeLimit: "5mb" },
  },
};

export default withNextIntl(nextConfig);
