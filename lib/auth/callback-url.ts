// Where to send someone after signing in or up. One rule for every redirect target the app
// builds from a user-supplied callbackUrl: the sign-in and sign-up pages (their "Continue"
// links and forms) and next-auth's redirect callback (server/auth/options.ts).
//
// Only a same-site path is accepted, judged AFTER the URL parser has normalised it: dot
// segments can turn a harmless-looking path into a protocol-relative one ("/.//evil.example",
// "/a/..//evil.example" → "//evil.example", which a browser loads from evil.example).
const PROBE_ORIGIN = "http://callback.invalid";

// Browsers drop tabs and newlines inside URLs ("/\t/evil" → "//evil") and read "\" as "/".
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/** The normalised path, search and hash of `value` if it stays on our origin; else null. */
function sameSitePath(value: string): string | null {
  if (!value.startsWith("/")) return null; // no scheme ("javascript:", "https:"), no relative paths
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The normalised path must still read as a path: "//host" or "/\host" is another site.
  if (!path.startsWith("/") || path.startsWith("//") || CONTROL_OR_BACKSLASH.test(path)) return null;
  return path;
}

export function safeCallbackUrl(value: unknown, fallback = "/"): string {
  const raw: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return fallback;
  if (CONTROL_OR_BACKSLASH.test(raw)) return fallback;
  const path = sameSitePath(raw);
  // And it must be stable: parsed again, it is itself (nothing left for a later parse to find).
  if (path === null || sameSitePath(path) !== path) return fallback;
  return path;
}

/**
 * next-auth's `redirect` callback: `url` is a path or an absolute URL (the client sends
 * `window.location.href`); `baseUrl` is the app's origin. The result is always on `baseUrl`.
 */
export function safeRedirectUrl(url: string, baseUrl: string): string {
  let candidate = url;
  try {
    const absolute = new URL(url); // throws for a path
    candidate =
      absolute.origin === new URL(baseUrl).origin
        ? `${absolute.pathname}${absolute.search}${absolute.hash}`
        : "";
  } catch {
    // a path (or nonsense): judged as it is
  }
  return `${baseUrl.replace(/\/+$/, "")}${safeCallbackUrl(candidate)}`;
}
