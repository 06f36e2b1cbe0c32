// CI's dependency-audit policy: high/critical advisories fail unless excepted (with expiry);
// an unreachable audit endpoint is "unavailable", not "passed".
import { describe, expect, it } from "vitest";

import { judgeAudit } from "../../scripts/lib/audit-policy.ts";

// The shape of `npm audit --json` (npm 10, auditReportVersion 2), trimmed by hand.
const report = JSON.stringify({
  auditReportVersion: 2,
  vulnerabilities: {
    "left-pad": {
      name: "left-pad",
      severity: "high",
      via: [
        {
          source: 1,
          name: "left-pad",
          url: "https://github.com/advisories/GHSA-aaaa-bbbb-cccc",
          severity: "high",
        },
      ],
      fixAvailable: true,
    },
    "tiny-thing": { name: "tiny-thing", severity: "moderate", via: ["left-pad"], fixAvailable: false },
  },
  metadata: { vulnerabilities: { high: 1, moderate: 1 } },
});

describe("judgeAudit", () => {
  it("fails on a high advisory with no exception, naming the package and advisory", () => {
    const verdict = judgeAudit(report, [], "2026-11-30");
    expect(verdict.kind).toBe("failed");
    if (verdict.kind !== "failed") return;
    expect(verdict.blocking).toEqual([
      { name: "left-pad", severity: "high", advisories: ["GHSA-aaaa-bbbb-cccc"], fixAvailable: true },
    ]);
  });

  it("passes when the advisory is excepted and the exception has not expired", () => {
    const exceptions = [
      { id: "GHSA-aaaa-bbbb-cccc", reason: "not reachable from our code", expires: "2026-12-31" },
    ];
    const verdict = judgeAudit(report, exceptions, "2026-11-30");
    expect(verdict.kind).toBe("passed");
    if (verdict.kind === "passed") expect(verdict.excepted.map((f) => f.name)).toEqual(["left-pad"]);
  });

  it("fails again once the exception has expired", () => {
    const exceptions = [{ id: "left-pad", reason: "waiting for upstream", expires: "2026-11-29" }];
    expect(judgeAudit(report, exceptions, "2026-11-30").kind).toBe("failed");
  });

  it("moderate findings alone pass", () => {
    const onlyModerate = JSON.stringify({
      vulnerabilities: { x: { name: "x", severity: "moderate", via: [], fixAvailable: false } },
    });
    expect(judgeAudit(onlyModerate, [], "2026-11-30").kind).toBe("passed");
  });

  it("an endpoint error (the offline mirror's 405) is unavailable, with the reason", () => {
    const error = JSON.stringify({
      message: "405 Method Not Allowed - POST https://registry/-/npm/v1/security/advisories/bulk",
      statusCode: 405,
    });
    expect(judgeAudit(error, [], "2026-11-30")).toEqual({
      kind: "unavailable",
      reason: "405 Method Not Allowed - POST https://registry/-/npm/v1/security/advisories/bulk",
    });
    expect(judgeAudit("", [], "2026-11-30").kind).toBe("unavailable");
  });
});
