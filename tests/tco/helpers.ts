// Calls route handlers directly with a JSON body.
export function postJson(url: string, body: unknown): Request {
  return new Request(url, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
}
