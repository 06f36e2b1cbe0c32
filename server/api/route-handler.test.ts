import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { ApiError, jsonRoute, queryRoute } from "./route-handler.ts";

const schema = z.object({ hours: z.number().positive(), name: z.string().min(1) });
const post = (body: string) =>
  new Request("http://test/api", { method: "POST", body, headers: { "content-type": "application/json" } });

describe("jsonRoute", () => {
  const route = jsonRoute(schema, (input) => Promise.resolve({ doubled: input.hours * 2 }));

  it("answers valid input", async () => {
    const res = await route(post(JSON.stringify({ hours: 2, name: "a" })));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ doubled: 4 });
  });

  it.each([
    ["broken JSON", "{hours:", "invalid_json"],
    ["wrong types", JSON.stringify({ hours: "x", name: "" }), "invalid_input"],
    ["not an object", "[]", "invalid_input"],
    ["empty body", "", "invalid_json"],
  ])("%s → 400 %s", async (_name, body, code) => {
    const res = await route(post(body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  it("names the fields that are wrong", async () => {
    const res = await route(post(JSON.stringify({ hours: -1 })));
    const body = (await res.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(Object.keys(body.error.fieldErrors).sort()).toEqual(["hours", "name"]);
  });

  it("passes deliberate errors through with their status", async () => {
    const res = await jsonRoute(schema, () =>
      Promise.reject(new ApiError(404, "not_found", "No such offer")),
    )(post(JSON.stringify({ hours: 1, name: "a" })));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "No such offer" } });
  });

  it("hides internals of unexpected errors", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await jsonRoute(schema, () => Promise.reject(new Error("secret stack")))(
      post(JSON.stringify({ hours: 1, name: "a" })),
    );
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("secret");
    spy.mockRestore();
  });
});

describe("queryRoute", () => {
  const route = queryRoute(
    z.object({ min: z.coerce.number().int().min(1), gpu: z.array(z.string()).or(z.string()).optional() }),
    (q) => Promise.resolve(q),
  );

  it("coerces query values and keeps repeated keys", async () => {
    const res = await route(new Request("http://test/api?min=2&gpu=h100&gpu=a100"), undefined);
    expect(await res.json()).toEqual({ min: 2, gpu: ["h100", "a100"] });
  });

  it("rejects a bad number with 400", async () => {
    const res = await route(new Request("http://test/api?min=abc"), undefined);
    expect(res.status).toBe(400);
  });
});
