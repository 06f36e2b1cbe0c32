import { describe, expect, it } from "vitest";

import { isHttpUrl, sourceLabel } from "./source-label.ts";

describe("sourceLabel", () => {
  it.each([
    ["../catalogs/hyperscalers/aws_vms.csv", "imported file aws_vms.csv"],
    ["/srv/gpu-scout/catalogs/aws/vms.csv", "imported file vms.csv"],
    ["C:\\catalogs\\gcp_vms.csv", "imported file gcp_vms.csv"],
    ["aws_vms.csv", "imported file aws_vms.csv"],
    ["../catalogs/skypilot-catalog/v8/", "imported folder v8"],
    ["upload:lambda.csv", "upload:lambda.csv"],
    ["upload:../../etc/passwd", "imported folder passwd"],
    ["mlcommons:closed/NVIDIA/results/x", "mlcommons:closed/NVIDIA/results/x"],
    ["imported file aws_vms.csv", "imported file aws_vms.csv"],
    ["imported file a.csv, imported file b.csv", "imported file a.csv, imported file b.csv"],
    ["https://example.com/v8/aws/vms.csv", "https://example.com/v8/aws/vms.csv"],
    ["https://u:p@example.com/x.csv?X-Amz-Signature=1#f", "https://example.com/x.csv"],
  ])("%s → %s", (input, label) => {
    expect(sourceLabel(input)).toBe(label);
    expect(sourceLabel(label)).toBe(label);
  });

  it("tells a link from a label", () => {
    expect(isHttpUrl("https://example.com")).toBe(true);
    expect(isHttpUrl("imported file a.csv")).toBe(false);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpUrl(null)).toBe(false);
  });
});
