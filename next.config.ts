// Next.js configuration. Locale comes from a cookie / Accept-Language (no locale in the URL),
// see i18n/request.ts. The database packages stay external: PGlite loads its own WASM and
// data files at run time and must not be bundled.
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const isDev = process.env.NODE_ENV !== "production";

// Next.js injects inline bootstrap scripts, so script-src needs 'unsafe-inline' without nonces;
// the dev server additionally evaluates code (React refresh). Nothing is loaded from other
// origins: the app works fully offline.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The dev server only serves its scripts and HMR socket to these origins; tests and
  // screenshots open it as 127.0.0.1.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  headers() {
    return Promise.resolve([{ source: "/:path*", headers: securityHeaders }]);
  },
};

export default withNextIntl(nextConfig);
