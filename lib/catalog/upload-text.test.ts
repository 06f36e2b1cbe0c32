import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

import { actionBodyBytes, decodeUploadText } from "./upload-text.ts";

const require = createRequire(import.meta.url);
const { encodeReply } = require("next/dist/compiled/react-server-dom-webpack/client.node") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};

describe("decodeUploadText", () => {
  it("reads UTF-8 text, Chinese included, and drops a BOM", () => {
    const bytes = new TextEncoder().encode("\ufeffprovider,region\n阿里云,cn-hangzhou\n");
    expect(decodeUploadText(bytes)).toEqual({ ok: true, text: "provider,region\n阿里云,cn-hangzhou\n" });
  });

  it.each([
    ["a NUL byte", new Uint8Array([0x61, 0x00, 0x62])],
    ["UTF-16 text", new Uint8Array([0xff, 0xfe, 0x61, 0x00])],
    ["a PNG", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ["a lone continuation byte", new Uint8Array([0x61, 0x80])],
  ])("refuses %s as not text", (_, bytes) => {
    expect(decodeUploadText(bytes)).toEqual({ ok: false, reason: "not-text" });
  });
});

describe("actionBodyBytes", () => {
  it.each([
    ["ASCII", "a,b\n1,2\n".repeat(100)],
    ["quotes and backslashes", '"x","y\\z"\n'.repeat(50)],
    ["Chinese", "阿里云,价格\n".repeat(30)],
    ["a leading dollar", "$1,$2\n"],
    ["control characters", "a\tb\r\n\u0001"],
  ])("is the size of the body React sends (%s)", async (_, text) => {
    const args = [{ kind: "NATIVE", fileName: "offers.csv", text, observedAt: "2026-11-01" }];
    const body = await encodeReply(args);
    expect(typeof body).toBe("string");
    expect(actionBodyBytes(args)).toBe(new TextEncoder().encode(body as string).length);
  });

  it("a 3.9 MB CSV can be over 5 MB once encoded", () => {
    const line = '"H100","us-east-1","8x","2.5"\n';
    const text = line.repeat(Math.floor(3_900_000 / line.length));
    expect(text.length).toBeLessThan(4_000_000);
    expect(actionBodyBytes([{ text }])).toBeGreaterThan(5_000_000);
  });
});
