// next-auth hands the credentials provider's error code to the form as `error`
// (server/auth/sign-in.ts): "invalid" or "throttled:<seconds>". OAuth failures come back as
// ?error=<next-auth code> on /signin.
export type SignInProblem =
  | { kind: "invalid" }
  | { kind: "throttled"; unit: "seconds" | "minutes"; count: number }
  | { kind: "oauthNotLinked" }
  | { kind: "failed" };

export function signInProblem(error: string | null | undefined): SignInProblem | null {
  if (!error) return null;
  if (error === "invalid" || error === "CredentialsSignin") return { kind: "invalid" };
  const throttled = /^throttled:(\d{1,9})$/.exec(error);
  if (throttled) {
    const seconds = Math.max(1, Number(throttled[1]));
    return seconds < 60
      ? { kind: "throttled", unit: "seconds", count: seconds }
      : { kind: "throttled", unit: "minutes", count: Math.ceil(seconds / 60) };
  }
  if (error === "OAuthAccountNotLinked") return { kind: "oauthNotLinked" };
  return { kind: "failed" };
}

/** The sentence for a problem, from the account.signIn messages. */
export function signInProblemText(
  problem: SignInProblem,
  t: (key: string, values?: Record<string, number>) => string,
): string {
  switch (problem.kind) {
    case "invalid":
      return t("signIn.invalid");
    case "throttled":
      return problem.unit === "seconds"
        ? t("signIn.throttledSeconds", { count: problem.count })
        : t("signIn.throttledMinutes", { count: problem.count });
    case "oauthNotLinked":
      return t("signIn.oauthNotLinked");
    case "failed":
      return t("signIn.failed");
  }
}
