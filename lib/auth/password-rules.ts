// Password rules, pure so the sign-up form can show them before submit and the server can
// enforce the same ones. NIST SP 800-63B: length matters, composition rules do not; refuse
// the passwords attackers try first. The upper bound keeps hashing cost bounded.
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

// Most common passwords of at least the minimum length (public breach lists).
const COMMON = new Set([
  "1234567890",
  "0123456789",
  "qwertyuiop",
  "1q2w3e4r5t",
  "password123",
  "password1234",
  "iloveyou123",
  "qwerty12345",
  "qwerty123456",
  "1234567891",
  "12345678910",
  "abcdefghij",
  "aaaaaaaaaa",
  "1111111111",
  "passw0rd123",
  "administrator",
  "gpuscout123",
]);

export type PasswordRule = "length" | "maxLength" | "common" | "repeated" | "containsEmail";

export interface PasswordCheck {
  rule: PasswordRule;
  ok: boolean;
}

/** Every rule with whether `password` meets it (for the live checklist under the field). */
export function checkPassword(password: string, email = ""): PasswordCheck[] {
  const lower = password.toLowerCase();
  const local = email.split("@")[0]?.toLowerCase() ?? "";
  return [
    { rule: "length", ok: [...password].length >= PASSWORD_MIN_LENGTH },
    { rule: "maxLength", ok: [...password].length <= PASSWORD_MAX_LENGTH },
    { rule: "common", ok: !COMMON.has(lower) },
    { rule: "repeated", ok: new Set(lower).size >= 4 },
    { rule: "containsEmail", ok: local.length < 3 || !lower.includes(local) },
  ];
}

export function failedPasswordRules(password: string, email = ""): PasswordRule[] {
  return checkPassword(password, email)
    .filter((check) => !check.ok)
    .map((check) => check.rule);
}
