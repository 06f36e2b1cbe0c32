// What a stored catalog source may say: a public http(s) URL, or a neutral label naming the
// imported file by its base name ("imported file aws_vms.csv"). Never a path on the server:
// sources are shown on pages and in the API, and the path an operator gave the CLI
// (../shared/data/…, /srv/…, C:\…) says how the server's disk is laid out.
// The migration 20261202140000_neutral_catalog_sources applies the same rule to stored rows.

const HTTP_URL = /^https?:\/\//i;

/** Prefixes of sources that are already neutral: browser uploads, MLCommons repository paths, labels. */
const NEUTRAL = /^(?:upload:|mlcommons:|imported (?:file|folder) )/;

export function isHttpUrl(value: string | null | undefined): value is string {
  return typeof value === "string" && HTTP_URL.test(value);
}

/** A URL without credentials, query or fragment (a signed download link must not be published). */
function publicUrl(value: string): string {
  try {
    const url = new URL(value);
    url.username = "";
    url.password = "";
    url.search = "";
    url.hash = "";
    return url.toString();
  } catch {
    return value;
  }
}

/**
 * The source to store for a catalog file given as `name` (a path, a URL or a label): URLs stay
 * (minus credentials and query), labels stay, anything else becomes "imported file <base name>"
 * ("imported folder <name>" for a folder, which has no extension). Idempotent.
 */
export function sourceLabel(name: string): string {
  const value = name.trim();
  if (HTTP_URL.test(value)) return publicUrl(value);
  if (NEUTRAL.test(value) && !/^upload:.*[\\/]/.test(value)) return value;
  const base =
    value
      .replace(/[\\/]+$/, "")
      .split(/[\\/]/)
      .pop()
      ?.replace(/^upload:/, "") || "catalog";
  return `${base.includes(".") ? "imported file" : "imported folder"} ${base}`;
}
