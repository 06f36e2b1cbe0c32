import { describe, expect, it } from "vitest";

import {
  checkPassword,
  failedPasswordRules,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordRule,
} from "./password-rules.ts";

describe("checkPassword", () => {
  it("lists every rule once, in a stable order (the checklist's order)", () => {
    expect(checkPassword("").map((check) => check.rule)).toEqual([
      "length",
      "maxLength",
      "common",
      "repeated",
      "containsEmail",
    ]);
  });

  it.each<[string, string, string, PasswordRule[]]>([
    ["a good passphrase passes everything", "violet-tunnel-42", "ana@example.com", []],
    ["empty fails length and repeated", "", "", ["length", "repeated"]],
    ["9 characters is one short", "abcdefgh1", "", ["length"]],
    ["exactly the minimum is enough", "abcdefgh12", "", []],
    ["a common password is refused", "password123", "", ["common"]],
    ["common check ignores case", "PassWord123", "", ["common"]],
    ["one character repeated", "aaaaaaaaaaaa", "", ["repeated"]],
    ["three different characters are not enough", "abcabcabcabc", "", ["repeated"]],
    ["four different characters are enough", "abcdabcdabcd", "", []],
    ["repeated check ignores case", "aAbBcCaAbBcC", "", ["repeated"]],
    ["the email's name part is refused", "xx-marianne-xx", "marianne@example.com", ["containsEmail"]],
    ["email check ignores case", "MARIANNE-rocks-1", "Marianne@example.com", ["containsEmail"]],
    ["a short email name (< 3 characters) is not checked", "jo-walks-far-9", "jo@example.com", []],
    ["the domain alone is fine", "example-things-7", "ana@example.com", []],
    ["no email given: not checked", "violet-tunnel-42", "", []],
  ])("%s", (_name, password, email, failed) => {
    expect(failedPasswordRules(password, email)).toEqual(failed);
    const checks = checkPassword(password, email);
    for (const check of checks) expect(check.ok).toBe(!failed.includes(check.rule));
  });

  it.each([
    // Length counts code points (what a person types), not UTF-16 units.
    ["9 emoji (18 UTF-16 units) are too short", "😀😁😂🤣😃😄😅😆😉", false],
    ["10 emoji are enough", "😀😁😂🤣😃😄😅😆😉😊", true],
    ["10 Chinese characters are enough", "我的密码非常安全可靠", true],
    ["9 Chinese characters are too short", "我的密码非常安全可", false],
  ])("unicode length: %s", (_name, password, ok) => {
    expect(checkPassword(password).find((check) => check.rule === "length")?.ok).toBe(ok);
  });

  it("bounds the length at the maximum, counted in code points", () => {
    const atMax = "ab3d".repeat(PASSWORD_MAX_LENGTH / 4);
    expect(atMax).toHaveLength(PASSWORD_MAX_LENGTH);
    expect(failedPasswordRules(atMax)).toEqual([]);
    expect(failedPasswordRules(`${atMax}x`)).toEqual(["maxLength"]);
    // 128 emoji are 256 UTF-16 units but only 128 characters: allowed.
    const emoji = "😀😁😂🤣".repeat(PASSWORD_MAX_LENGTH / 4);
    expect(emoji.length).toBe(PASSWORD_MAX_LENGTH * 2);
    expect(failedPasswordRules(emoji)).toEqual([]);
  });

  it("the minimum is at least NIST's 8", () => {
    expect(PASSWORD_MIN_LENGTH).toBeGreaterThanOrEqual(8);
  });
});
