// server/log.ts writes one JSON object per line and never a credential; server/db/availability.ts
// recognises "the database is gone" errors (and only those) from every layer that reports them.
import { afterEach, describe, expect, it } from "vitest";

import {
  databaseAvailability,
  isDatabaseUnavailableError,
  markDatabaseAvailable,
  noteDatabaseError,
} from "../../server/db/availability.ts";
import { formatLine, sanitize } from "../../server/log.ts";

afterEach(() => markDatabaseAvailable());

describe("structured log lines", () => {
  it("are one JSON object with time, level, msg and the request context", () => {
    const line = formatLine(
      "info",
      "api request",
      {
        requestId: "r-1",
        route: "/api/v1/offers",
        status: 200,
        durationMs: 12.5,
        userId: "u1",
        teamId: undefined,
      },
      new Date("2026-11-30T12:00:00Z"),
    );
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({
      time: "2026-11-30T12:00:00.000Z",
      level: "info",
      msg: "api request",
      requestId: "r-1",
      route: "/api/v1/offers",
      status: 200,
      durationMs: 12.5,
      userId: "u1",
    });
  });

  it("redacts credential-like keys at any depth and bounds long strings", () => {
    const line = formatLine("warn", "x", {
      password: "hunter2",
      body: { email: "a@b.c", newPassword: "p", nested: { sessionToken: "t", authorization: "Bearer x" } },
      note: "y".repeat(5_000),
    });
    expect(line).not.toContain("hunter2");
    expect(line).not.toContain("Bearer");
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(parsed.password).toBe("[redacted]");
    expect(parsed.body).toEqual({
      email: "a@b.c",
      newPassword: "[redacted]",
      nested: { sessionToken: "[redacted]", authorization: "[redacted]" },
    });
    expect((parsed.note as string).length).toBeLessThan(2_100);
  });

  it("serialises errors with name, message, code and cause; NaN becomes a string", () => {
    const error = Object.assign(new Error("outer", { cause: new Error("inner") }), { code: "P1001" });
    const out = sanitize({ err: error, ratio: Number.NaN }) as {
      err: Record<string, unknown>;
      ratio: unknown;
    };
    expect(out.err.name).toBe("Error");
    expect(out.err.code).toBe("P1001");
    expect((out.err.cause as { message: string }).message).toBe("inner");
    expect(out.ratio).toBe("NaN");
  });
});

describe("database availability", () => {
  it.each([
    ["Prisma P1001", Object.assign(new Error("Can't reach database server"), { code: "P1001" })],
    [
      "socket refused in a cause",
      new Error("query failed", { cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }) }),
    ],
    ["admin shutdown 57P01", Object.assign(new Error("terminating connection"), { code: "57P01" })],
    ["starting up 57P03", Object.assign(new Error("the database system is starting up"), { code: "57P03" })],
    ["adapter kind", Object.assign(new Error("driver"), { cause: { kind: "DatabaseNotReachable" } })],
    ["pg pool", new Error("Connection terminated unexpectedly")],
  ])("recognises %s", (_label, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each([
    ["unique violation", Object.assign(new Error("Unique constraint failed"), { code: "P2002" })],
    ["a bug", new TypeError("cannot read properties of undefined")],
    ["a string", "ECONN"],
    ["null", null],
  ])("does not mistake %s for an outage", (_label, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
    expect(noteDatabaseError(error)).toBe(false);
    expect(databaseAvailability().available).toBe(true);
  });

  it("marks the database unavailable until it is marked available again", () => {
    expect(noteDatabaseError(Object.assign(new Error("x"), { code: "P1017" }))).toBe(true);
    const state = databaseAvailability(Date.now() + 1_500);
    expect(state.available).toBe(false);
    expect(state.unavailableForMs).toBeGreaterThanOrEqual(1_500);
    expect(state.retryAfterSeconds).toBe(2);
    markDatabaseAvailable();
    expect(databaseAvailability().available).toBe(true);
  });
});
