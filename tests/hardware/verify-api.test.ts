// POST /api/v1/hardware/verify, called directly against a real seeded database: the issue's
// contract on a real sample, mismatches against an expectation, and 400 (never 500) for
// empty, garbage, HTML and oversized output.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { POST } from "../../app/api/v1/hardware/verify/route.ts";
import { hardwareVerifyResponseSchema, type HardwareReport } from "../../lib/hardware/schema.ts";
import { withSeededAppDatabase } from "../helpers/seeded-app-db.ts";

withSeededAppDatabase();

const samplesDir = path.resolve(process.cwd(), "../shared/data/nvidia-smi");
const available = existsSync(samplesDir);
const sample = (f: string) => readFileSync(path.join(samplesDir, f), "utf8");

const post = (body: unknown) =>
  POST(
    new Request("http://test/api/v1/hardware/verify", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

async function verify(body: unknown): Promise<HardwareReport> {
  const response = await post(body);
  expect(response.status).toBe(200);
  return hardwareVerifyResponseSchema.parse(await response.json());
}

async function rejected(
  body: unknown,
): Promise<{ code: string; message: string; fieldErrors?: Record<string, string[]> }> {
  const response = await post(body);
  expect(response.status).toBe(400);
  const json = (await response.json()) as {
    error: { code: string; message: string; fieldErrors?: Record<string, string[]> };
  };
  return json.error;
}

const H100_TABLE = `+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 565.57.01              Driver Version: 565.57.01      CUDA Version: 12.7     |
|=========================================+========================+======================|
|   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                    0 |
| N/A   30C    P0             69W /  700W |       1MiB /  81559MiB |      0%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+`;

describe("POST /api/v1/hardware/verify", () => {
  it("answers a pasted table in the issue's shape, canonical names from the database", async () => {
    const r = await verify({
      output: H100_TABLE,
      expected: { gpu: "H100 SXM 80GB", count: 1, memoryGb: 80 },
    });
    expect(r).toMatchObject({
      format: "table",
      driverVersion: "565.57.01",
      cudaVersion: "12.7",
      count: 1,
      mig: false,
      shared: false,
      verdict: "match",
      mismatches: [],
    });
    expect(r.gpus[0]).toMatchObject({
      index: 0,
      name: "NVIDIA H100 80GB HBM3",
      canonical: "H100 SXM 80GB",
      memoryMiB: 81559,
    });
  });

  it.skipIf(!available)("real 8× H100 sample, no expectation → inconclusive", async () => {
    const r = await verify({ output: sample("h100-sxm-80gb-multi-1.txt") });
    expect(r.count).toBe(8);
    expect(r.verdict).toBe("inconclusive");
    expect(r.gpus.map((g) => g.canonical)).toEqual(Array(8).fill("H100 SXM 80GB"));
  });

  it.skipIf(!available)(
    "an 8× H100 expectation against the RTX 4090 sample → mismatches, in both languages",
    async () => {
      const body = { output: sample("rtx-4090-multi-1.txt"), expected: { gpu: "H100 SXM 80GB", count: 8 } };
      const en = await verify(body);
      expect(en.verdict).toBe("mismatch");
      expect(en.mismatches.map((m) => m.field)).toEqual(["model", "consumer"]);
      expect(en.mismatches[1]?.message).toBe("Consumer RTX 4090 24GB delivered for a datacenter offer.");
      const zh = await verify({ ...body, locale: "zh-CN" });
      expect(zh.mismatches[1]?.message).toBe(
        "报价写的是数据中心级 GPU，实际交付的是消费级显卡 RTX 4090 24GB。",
      );
      const fewer = await verify({
        output: sample("rtx-4090-multi-1.txt"),
        expected: { gpu: "RTX 4090", count: 16 },
      });
      expect(fewer.mismatches.map((m) => m.message)).toEqual(["16 GPUs advertised, 8 visible."]);
    },
  );

  it("empty output → 400 saying what to paste", async () => {
    const error = await rejected({ output: "" });
    expect(error.code).toBe("invalid_input");
    expect(error.fieldErrors?.output?.[0]).toMatch(/Paste the output of nvidia-smi/);
    expect((await rejected({ output: "  \n " })).fieldErrors?.output?.[0]).toMatch(/empty/);
    expect((await rejected({})).fieldErrors?.output?.[0]).toMatch(/Paste the output of nvidia-smi/);
  });

  it("garbage and HTML → 400 with a helpful message (zh-CN too)", async () => {
    expect((await rejected({ output: "hello" })).message).toMatch(
      /No GPU found in this text\. Paste the output of nvidia-smi/,
    );
    expect((await rejected({ output: "<html><body>Login</body></html>" })).message).toMatch(/web page/);
    expect((await rejected({ output: "hello", locale: "zh-CN" })).message).toMatch(/没有找到 GPU/);
  });

  it("300 kB of output → 400", async () => {
    const error = await rejected({ output: `${H100_TABLE}\n${"x".repeat(300_000)}` });
    expect(error.fieldErrors?.output?.[0]).toMatch(/longer than 200,000 characters/);
  });

  it("invalid expectations and bodies → 400, never 500", async () => {
    expect(
      (await rejected({ output: H100_TABLE, expected: { count: 0 } })).fieldErrors?.["expected.count"],
    ).toBeDefined();
    expect(
      (await rejected({ output: H100_TABLE, expected: { cudaVersion: "twelve" } })).fieldErrors?.[
        "expected.cudaVersion"
      ]?.[0],
    ).toMatch(/12\.4/);
    expect((await rejected({ output: H100_TABLE, locale: "fr" })).code).toBe("invalid_input");
    expect((await rejected("not json")).code).toBe("invalid_json");
    expect((await rejected({ output: 42 })).code).toBe("invalid_input");
  });
});

describe("OpenAPI document", () => {
  it("documents POST /api/v1/hardware/verify with its request and response", async () => {
    const { buildOpenApiDocument } = await import("../../server/api/openapi.ts");
    const { apiOperations } = await import("../../server/api/operations.ts");
    const doc = buildOpenApiDocument(apiOperations, "test") as {
      paths: Record<
        string,
        Record<string, { operationId: string; requestBody?: unknown; responses: Record<string, unknown> }>
      >;
    };
    const op = doc.paths["/api/v1/hardware/verify"]?.post;
    expect(op?.operationId).toBe("verifyHardware");
    expect(JSON.stringify(op?.requestBody)).toContain('"output"');
    expect(JSON.stringify(op?.responses["200"])).toContain('"mismatches"');
    expect(op?.responses["400"]).toBeDefined();
  });
});
