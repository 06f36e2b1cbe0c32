// Server-action requests the proxy refuses with a 4xx instead of letting Next.js answer 500:
// bodies its action decoding fails on (400) and a foreign Origin (403), logged as refusals.
// Real bodies are made by React's own encodeReply (what the browser sends for a server action),
// so the check is proven not to refuse the app's own calls; a form posted without JavaScript
// ($ACTION_ID_… fields, no Next-Action header) passes through untouched.
import { createRequire } from "node:module";

import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

import { proxy } from "../../proxy.ts";
import { checkActionForm, checkActionText, MAX_ACTION_JSON_DEPTH } from "../../server/api/action-body.ts";

const require = createRequire(import.meta.url);
const { encodeReply, createTemporaryReferenceSet } =
  require("next/dist/compiled/react-server-dom-webpack/client.node") as {
    encodeReply: (value: unknown, options?: { temporaryReferences?: unknown }) => Promise<string | FormData>;
    createTemporaryReferenceSet: () => unknown;
  };

const encode = (args: unknown[]) => encodeReply(args, { temporaryReferences: createTemporaryReferenceSet() });

const ACTION_ID = "7f3a0c1d2e4b5a69788796a5b4c3d2e1f0a1b2c3d4";

function post(path: string, init: { headers?: Record<string, string>; body?: BodyInit }) {
  const headers = new Headers(init.headers);
  return new NextRequest(`http://scout.test${path}`, { method: "POST", headers, body: init.body });
}

/** A fetch action as the browser sends it: Next-Action, the router state, Origin and a body. */
async function actionRequest(body: string | FormData, extra: Record<string, string> = {}) {
  const base: Record<string, string> = {
    "next-action": ACTION_ID,
    accept: "text/x-component",
    origin: "http://scout.test",
    host: "scout.test",
    ...extra,
  };
  if (typeof body === "string") {
    const bytes = new TextEncoder().encode(body);
    return post("/catalog/imports", {
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "content-length": String(bytes.length),
        ...base,
      },
      body,
    });
  }
  // The multipart framing (boundary, length) the way fetch() writes it.
  const framed = new Request("http://x/", { method: "POST", body });
  const bytes = new Uint8Array(await framed.arrayBuffer());
  return post("/teams", {
    headers: {
      "content-type": framed.headers.get("content-type")!,
      "content-length": String(bytes.length),
      ...base,
    },
    body: bytes,
  });
}

const errorCode = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

afterEach(() => vi.restoreAllMocks());

describe("real server-action bodies pass (made by React's encodeReply)", () => {
  const form = new FormData();
  form.append("name", "Research");
  form.append("$ACTION_REF_1", "");
  const shared = { gpu: "H100" };
  const cases: [string, unknown[]][] = [
    ["a catalog import", [{ kind: "SKYPILOT", fileName: "aws_vms.csv", text: '$x,"1"\n'.repeat(1000) }]],
    [
      "a scenario with dates, undefined, -0, bigint",
      [{ when: new Date("2026-01-01"), cap: undefined, z: -0, big: 10n, inf: Infinity, s: "$dollar" }],
    ],
    ["the same object twice", [{ a: shared, b: shared, list: [shared, shared] }]],
    ["useActionState: previous state and a FormData", [{ status: "idle" }, form]],
    ["a Map, a Set and a file", [new Map([["a", 1]]), new Set([1, 2]), new Blob(["probe output"])]],
    ["no arguments", []],
    [
      "nested as deep as allowed",
      [JSON.parse("[".repeat(MAX_ACTION_JSON_DEPTH - 1) + "]".repeat(MAX_ACTION_JSON_DEPTH - 1))],
    ],
  ];
  it.each(cases)("%s", async (_, args) => {
    const body = await encode(args);
    const found = typeof body === "string" ? checkActionText(body) : checkActionForm(body.entries() as never);
    expect(found).toBeNull();
    const response = await proxy(await actionRequest(body));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it("text and multipart are both produced (the check covers both encodings)", async () => {
    expect(typeof (await encode(cases[0]![1]))).toBe("string");
    expect(await encode(cases[3]![1])).toBeInstanceOf(FormData);
  });
});

describe("malformed server-action bodies are a 400 and logged as refusals", () => {
  const deep = "[".repeat(5000) + "]".repeat(5000);
  it.each([
    ["empty", ""],
    ["cut JSON", "["],
    ["null", "null"],
    ["a string", '"x"'],
    ["an object", "{}"],
    ["a Map reference with no part", '["$Q0"]'],
    ["a legacy server reference", '["$F0"]'],
    ["an unknown tag", '["$E"]'],
    ["a part that is not there", '["$1"]'],
    ["the arguments themselves", '["$0"]'],
    ["a path that leads nowhere", '[{"a":1},"$0:5"]'],
    ["a bad bigint", '["$nx"]'],
    ["a blob in a text body", '["$B1"]'],
    ["deeply nested", deep],
  ])("%s", async (_, body) => {
    const info = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const warn = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const response = await proxy(await actionRequest(body));
    expect(response.status).toBe(400);
    expect((await errorCode(response)).code).toBe("malformed_action");
    expect(response.headers.get("content-security-policy")).toBeTruthy();
    const lines = info.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "info",
        msg: "server action refused",
        status: 400,
        route: "/catalog/imports",
      }),
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ["no arguments part", [["1", "[]"]]],
    ["arguments not JSON", [["0", "["]]],
    [
      "a Map part that is not entries",
      [
        ["1", "[null]"],
        ["0", '["$Q1"]'],
      ],
    ],
    [
      "a blob reference to text",
      [
        ["1", "x"],
        ["0", '["$B1"]'],
      ],
    ],
    ["a missing outlined part", [["0", '["$1"]']]],
  ] as [string, [string, string][]][])("multipart: %s", async (_, entries) => {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name, value);
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const response = await proxy(await actionRequest(form));
    expect(response.status).toBe(400);
    expect((await errorCode(response)).code).toBe("malformed_action");
  });

  it("a multipart content type whose body is not multipart", async () => {
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const response = await proxy(
      post("/teams", {
        headers: {
          "next-action": ACTION_ID,
          "content-type": "multipart/form-data; boundary=xyz",
          "content-length": "5",
        },
        body: "hello",
      }),
    );
    expect(response.status).toBe(400);
  });
});

describe("the Origin of a POST to a page", () => {
  const body = '[{"kind":"SKYPILOT"}]';
  it.each([
    ["another site", { origin: "https://evil.example" }],
    ["another port", { origin: "http://scout.test:8080" }],
    ["an opaque origin", { origin: "null" }],
    ["not a URL", { origin: "not a url" }],
    ["a forwarded host that differs", { origin: "http://scout.test", "x-forwarded-host": "other.example" }],
  ])("from %s is a 403 with a JSON reason", async (_, headers) => {
    const info = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const response = await proxy(await actionRequest(body, headers));
    expect(response.status).toBe(403);
    const error = await errorCode(response);
    expect(error.code).toBe("cross_origin");
    expect(error.message).toMatch(/only accepted from this site/);
    expect(
      info.mock.calls.map(([l]) => JSON.parse(String(l)) as { msg: string; status: number }),
    ).toContainEqual(expect.objectContaining({ msg: "server action refused", status: 403 }));
  });

  it("same host passes, also behind a proxy that sets x-forwarded-host, and with no Origin", async () => {
    expect((await proxy(await actionRequest(body))).status).toBe(200);
    const forwarded = await actionRequest(body, {
      origin: "https://scout.example.com",
      host: "10.0.0.5:3000",
      "x-forwarded-host": "scout.example.com, lb.internal",
    });
    expect((await proxy(forwarded)).status).toBe(200);
    const noOrigin = post("/catalog/imports", {
      headers: { "next-action": ACTION_ID, "content-length": String(body.length), host: "scout.test" },
      body,
    });
    expect((await proxy(noOrigin)).status).toBe(200);
  });

  it("a form posted without JavaScript (React progressive enhancement) passes through untouched", async () => {
    const form = new FormData();
    form.append(`$ACTION_ID_${ACTION_ID}`, "");
    form.append("name", "Research");
    const framed = new Request("http://x/", { method: "POST", body: form });
    const bytes = new Uint8Array(await framed.arrayBuffer());
    const response = await proxy(
      post("/teams", {
        headers: {
          "content-type": framed.headers.get("content-type")!,
          "content-length": String(bytes.length),
          origin: "http://scout.test",
          host: "scout.test",
        },
        body: bytes,
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    // With bound arguments ($ACTION_REF_ / $ACTION_1:0 / $ACTION_KEY) too: never parsed here.
    const bound = new FormData();
    bound.append("$ACTION_REF_1", "");
    bound.append("$ACTION_1:0", '{"id":"x","bound":"$@1"}');
    bound.append("$ACTION_1:1", "[]");
    bound.append("$ACTION_KEY", "k0");
    const framed2 = new Request("http://x/", { method: "POST", body: bound });
    const bytes2 = new Uint8Array(await framed2.arrayBuffer());
    const response2 = await proxy(
      post("/preferences", {
        headers: {
          "content-type": framed2.headers.get("content-type")!,
          "content-length": String(bytes2.length),
        },
        body: bytes2,
      }),
    );
    expect(response2.status).toBe(200);
  });
});
