// The browser import's checks on a file before it is sent (components/catalog/import-form.tsx):
// is it text (UTF-8 without NUL), and how many bytes will the server-action request carry?
// The action's body is the JSON of its arguments as React encodes them (a string starting with
// "$" gets one more "$"), and the server refuses a body over its limit before any code runs,
// which the page could only report as "something went wrong".

export type UploadText = { ok: true; text: string } | { ok: false; reason: "not-text" };

/** The file's text, or "not-text" for bytes that are not UTF-8 or contain NUL (a binary file, UTF-16). */
export function decodeUploadText(bytes: Uint8Array): UploadText {
  if (bytes.includes(0)) return { ok: false, reason: "not-text" };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, reason: "not-text" };
  }
}

/** Bytes of the request body a server action called with `args` sends (React's encodeReply for plain JSON values). */
export function actionBodyBytes(args: unknown[]): number {
  const json = JSON.stringify(args, (_key, value: unknown) =>
    typeof value === "string" && value.startsWith("$") ? `$${value}` : value,
  );
  return new TextEncoder().encode(json).length;
}
