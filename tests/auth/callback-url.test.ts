// Where sign-in may send the user afterwards: same-site paths only (no open redirect), judged
// after normalisation, for the pages and for next-auth's redirect callback; and the sign-in
// form's error codes turned into sentences.
import { describe, expect, it } from "vitest";

import { signInProblem } from "../../components/account/sign-in-error.ts";
import { safeCallbackUrl, safeRedirectUrl } from "../../lib/auth/callback-url.ts";

const APP = "https://scout.example.test";

/** Where a browser on APP ends up for an href: what the redirect really does. */
function browserTarget(href: string): URL {
  // A browser strips tabs and newlines and reads "\\" as "/" in http(s) URLs (new URL does too).
  return new URL(href, `${APP}/signin`);
}

// Payloads that must never leave the site (from the finding and the usual bypass lists).
const OFF_SITE: (readonly [name: string, value: string])[] = [
  ["dot segment before the second slash (the finding)", "/.//evil.example/phish"],
  ["dot-dot segments collapsing to //", "/s/../..//evil.example"],
  ["dot-dot then //", "/a/..//evil.example"],
  ["encoded dot-dot then //", "/%2e%2e//evil.example"],
  ["dot segment then backslash", "/./\\evil.example"],
  ["protocol-relative", "//evil.example/steal"],
  ["three slashes", "///evil.example"],
  ["backslash after the slash", "/\\evil.example"],
  ["backslash first", "\\\\evil.example"],
  ["a backslash later on", "/foo\\..\\..\\evil"],
  ["tab hidden between the slashes", "/\t/evil.example"],
  ["newline hidden between the slashes", "/\n/evil.example"],
  ["carriage return hidden between the slashes", "/\r/evil.example"],
  ["encoded slashes (already decoded once by the page)", "%2F%2Fevil.example"],
  ["an absolute URL", "https://evil.example/"],
  ["a same-looking absolute URL", "http://localhost:3000/account"],
  ["scheme-relative with credentials", "//user@evil.example"],
  ["javascript:", "javascript:alert(1)"],
  ["JavaScript: with a tab", "java\tscript:alert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["a relative path without slash", "evil.example"],
];

describe("safeCallbackUrl", () => {
  it.each([
    ["a plain path", "/account", "/account"],
    ["a path with query and hash", "/shortlists/abc?tab=notes#item-1", "/shortlists/abc?tab=notes#item-1"],
    ["the root", "/", "/"],
    ["dot segments stay on the site", "/a/../account", "/account"],
    ["dot segments above the root stay at the root", "/../../account", "/account"],
    // Encoded characters stay encoded: a path on this site, not a host.
    ["an encoded backslash", "/%5Cevil.example", "/%5Cevil.example"],
    ["encoded slashes after the first", "/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["a URL in the query", "/account?next=//evil.example", "/account?next=//evil.example"],
  ])("accepts %s", (_name, value, expected) => {
    expect(safeCallbackUrl(value)).toBe(expected);
    expect(browserTarget(safeCallbackUrl(value)).origin).toBe(APP);
  });

  it.each(OFF_SITE)("refuses %s", (_name, value) => {
    const result = safeCallbackUrl(value);
    expect(result).toBe("/");
    expect(browserTarget(result).origin).toBe(APP);
  });

  it.each([
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
    expect(safeCallbackUrl(["/.//evil.example", "/account"])).toBe("/");
  });

  it("what it returns is stable: accepted again as it is", () => {
    for (const value of ["/account", "/a/../b?c=1#d", "/%5Cx", "/.//evil.example", "/s/../..//evil"]) {
      const once = safeCallbackUrl(value);
      expect(safeCallbackUrl(once)).toBe(once);
    }
  });
});

describe("safeRedirectUrl (next-auth's redirect callback)", () => {
  it.each([
    ["a path", "/account", `${APP}/account`],
    ["an absolute URL on the app", `${APP}/shortlists?x=1#y`, `${APP}/shortlists?x=1#y`],
    ["the app's root", APP, `${APP}/`],
  ])("keeps %s on the app", (_name, url, expected) => {
    expect(safeRedirectUrl(url, APP)).toBe(expected);
  });

  const offApp: (readonly [name: string, value: string])[] = [
    ...OFF_SITE,
    ["an absolute URL on the app whose path is protocol-relative", `${APP}/.//evil.example/phish`],
    ["an absolute URL on the app with dot-dot to //", `${APP}/s/../..//evil.example`],
    ["the app's host as a subdomain of another", "https://scout.example.test.evil.example/"],
    ["another port", "https://scout.example.test:8443/account"],
    ["plain http", "http://scout.example.test/account"],
  ];
  it.each(offApp)("sends %s to the app's root", (_name, url) => {
    const result = safeRedirectUrl(url, APP);
    expect(result).toBe(`${APP}/`);
    expect(new URL(result).origin).toBe(APP);
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
