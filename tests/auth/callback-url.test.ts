// Where sign-in may send the user afterwards: same-site paths only (no open redirect), and
// the sign-in form's error codes turned into sentences.
import { describe, expect, it } from "vitest";

import { safeCallbackUrl } from "../../components/account/callback-url.ts";
import { signInProblem } from "../../components/account/sign-in-error.ts";

describe("safeCallbackUrl", () => {
  it.each([
    ["a plain path", "/account", "/account"],
    ["a path with query and hash", "/shortlists/abc?tab=notes#item-1", "/shortlists/abc?tab=notes#item-1"],
    ["the root", "/", "/"],
    ["dot segments stay on the site", "/a/../account", "/account"],
  ])("accepts %s", (_name, value, expected) => {
    expect(safeCallbackUrl(value)).toBe(expected);
  });

  it.each([
    ["protocol-relative", "//evil.example/steal"],
    ["backslash after the slash", "/\\evil.example"],
    ["a backslash later on", "/foo\\..\\..\\evil"],
    ["tab hidden between the slashes", "/\t/evil.example"],
    ["newline hidden between the slashes", "/\n/evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a same-looking absolute URL", "http://localhost:3000/account"],
    ["javascript:", "javascript:alert(1)"],
    ["a relative path without slash", "account"],
    ["empty", ""],
    ["too long", `/${"a".repeat(3000)}`],
    ["not a string", 42],
    ["missing", undefined],
  ])("refuses %s", (_name, value) => {
    expect(safeCallbackUrl(value)).toBe("/");
  });

  it("uses the fallback given, and the first of repeated parameters", () => {
    expect(safeCallbackUrl("//evil", "/shortlists")).toBe("/shortlists");
    expect(safeCallbackUrl(["/account", "//evil"])).toBe("/account");
  });
});

describe("signInProblem", () => {
  it.each([
    [null, null],
    ["invalid", { kind: "invalid" }],
    ["CredentialsSignin", { kind: "invalid" }],
    ["throttled:30", { kind: "throttled", unit: "seconds", count: 30 }],
    ["throttled:59", { kind: "throttled", unit: "seconds", count: 59 }],
    ["throttled:60", { kind: "throttled", unit: "minutes", count: 1 }],
    ["throttled:61", { kind: "throttled", unit: "minutes", count: 2 }],
    ["throttled:900", { kind: "throttled", unit: "minutes", count: 15 }],
    ["throttled:0", { kind: "throttled", unit: "seconds", count: 1 }],
    ["throttled:abc", { kind: "failed" }],
    ["OAuthAccountNotLinked", { kind: "oauthNotLinked" }],
    ["Callback", { kind: "failed" }],
  ])("%s", (code, problem) => {
    expect(signInProblem(code)).toEqual(problem);
  });
});
