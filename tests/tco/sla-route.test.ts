// POST /api/v1/sla — downtime per year and the expected delay cost of a job.
import { describe, expect, it } from "vitest";

import { POST } from "../../app/api/v1/sla/route.ts";
import { postJson } from "./helpers.ts";

const sla = async (body: unknown) => {
  const res = await POST(postJson("http://test/api/v1/sla", body));
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

describe("POST /api/v1/sla", () => {
  it.each([
    ["99.9 % SLA is 8.76 h a year", 99.9, 8.76, 525.6],
    ["99.99 % SLA is 52.56 min a year", 99.99, 0.876, 52.56],
  ])("%s", async (_name, availabilityPercent, hours, minutes) => {
    const { status, json } = await sla({ availabilityPercent });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      downtimeHoursPerYear: hours,
      downtimeMinutesPerYear: minutes,
      expectedDelayCost: null,
    });
  });

  it("a 500-hour job at 99.5 % and $300 per hour of delay expects $750", async () => {
    // 0.005 × 500 h × $300 = $750
    const { json } = await sla({ availabilityPercent: 99.5, jobHours: 500, delayCostPerHour: 300 });
    expect(json).toMatchObject({ expectedDowntimeHoursForJob: 2.5, expectedDelayCost: 750 });
  });

  it.each([
    ["above 100 %", { availabilityPercent: 101 }],
    ["missing availability", { jobHours: 3 }],
    ["a string", { availabilityPercent: "99.9" }],
  ])("400 for %s", async (_name, body) => {
    expect((await sla(body)).status).toBe(400);
  });
});
