// Where to go after signing in. Only a same-site path is accepted: "//evil.example" and
// "/\evil.example" are protocol-relative in browsers (an open redirect), so they fall back.
const PROBE_ORIGIN = "http://callback.invalid";

export function safeCallbackUrl(value: unknown, fallback = "/"): string {
  const raw: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines inside URLs ("/\t/evil" → "//evil") and treat "\" as "/".
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  try {
    const url = new URL(raw, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
