import { describe, expect, it } from "vitest";

import { hydrationFormats } from "./intl-warm-up.ts";

describe("hydrationFormats", () => {
  it.each(["/matrix", "/matrix/compare", "/scenarios/new", "/scenarios/abc123"])(
    "%s formats while hydrating",
    (p) => expect(hydrationFormats(p)).toBe(true),
  );
  it.each(["/", "/providers/aws", "/gpus/h100-sxm-80gb", "/s/token", "/sizing", "/scenarios", "/matrixx"])(
    "%s does not",
    (p) => expect(hydrationFormats(p)).toBe(false),
  );
});
