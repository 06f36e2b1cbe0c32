"use client";
// Change password. The server bumps the session version, which ends every session — this
// one too — so on success the form signs in again with the new password. The outcome is
// shown by the page it lands on (?passwordChanged=1), as this form may be gone by then.
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useMemo, useRef, useState, type FormEvent } from "react";

import { changePassword } from "@/app/account/actions.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import Link from "@/components/intent-link.tsx";
import { failedPasswordRules } from "@/lib/auth/password-rules.ts";
import type { OperationError } from "@/server/access/operation.ts";

import { PasswordChecklist } from "./password-checklist.tsx";
import { signInProblem, signInProblemText, type SignInProblem } from "./sign-in-error.ts";
import { TextField } from "@/components/ui/text-field.tsx";
import { primaryButtonClass } from "@/components/ui/styles.ts";
import { accountTranslator, type AccountMessages } from "./translator.ts";
import { useHydrated } from "./use-hydrated.ts";

type State =
  | { kind: "idle" }
  | { kind: "wrongPassword" }
  | { kind: "throttled"; problem: SignInProblem }
  | { kind: "currentMissing" }
  | { kind: "weak" }
  | { kind: "operation"; error: OperationError }
  | { kind: "changedSignInAgain" };

export function ChangePasswordForm({
  locale,
  messages,
  email,
}: {
  locale: string;
  messages: AccountMessages;
  email: string;
}) {
  const t = useMemo(() => accountTranslator(locale, messages), [locale, messages]);
  const router = useRouter();
  const hydrated = useHydrated();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const [pending, setPending] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!currentPassword) {
      setState({ kind: "currentMissing" });
      currentRef.current?.focus();
      return;
    }
    if (failedPasswordRules(newPassword, email).length > 0) {
      setState({ kind: "weak" });
      newRef.current?.focus();
      return;
    }
    setPending(true);
    setState({ kind: "idle" });
    try {
      const result = await changePassword({ currentPassword, newPassword });
      if (!result.ok) {
        if (result.error.reason === "wrong-password") {
          setState({ kind: "wrongPassword" });
          currentRef.current?.focus();
        } else if (result.error.reason === "throttled") {
          // "throttled:<seconds>", the sign-in form's code: the same sentence.
          const problem = signInProblem(result.error.fieldErrors?.currentPassword?.[0] ?? "throttled:60");
          setState({ kind: "throttled", problem: problem ?? { kind: "failed" } });
          currentRef.current?.focus();
        } else if (result.error.reason === "weak-password") {
          setState({ kind: "weak" });
          newRef.current?.focus();
        } else {
          setState({ kind: "operation", error: result.error });
        }
        return;
      }
      // The action's response re-renders /account with the now outdated session, which sends
      // the page to /signin; sign in with the new password and come back to say it worked.
      const signedIn = await signIn("credentials", { email, password: newPassword, redirect: false });
      setCurrentPassword("");
      setNewPassword("");
      if (signedIn && !signedIn.error) {
        router.replace("/account?passwordChanged=1");
      } else {
        setState({ kind: "changedSignInAgain" });
        router.replace("/signin?callbackUrl=%2Faccount&passwordChanged=1");
      }
    } catch {
      setState({ kind: "operation", error: { code: "INTERNAL" } });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      method="post"
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-5"
    >
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        id="current-password"
        label={t("fields.currentPassword")}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        required
        ref={currentRef}
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
        error={
          state.kind === "wrongPassword"
            ? t("account.wrongPassword")
            : state.kind === "throttled"
              ? signInProblemText(state.problem, t)
              : state.kind === "currentMissing"
                ? t("fields.required")
                : null
        }
      />
      <TextField
        id="new-password"
        label={t("fields.newPassword")}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        required
        ref={newRef}
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={state.kind === "weak" ? t("password.weak") : null}
        describedBy="new-password-rules"
      >
        <PasswordChecklist id="new-password-rules" password={newPassword} email={email} t={t} />
      </TextField>
      <OperationErrorMessage error={state.kind === "operation" ? state.error : null} />
      <div role="status" data-testid="change-password-status">
        {state.kind === "changedSignInAgain" ? (
          <p className="rounded-md bg-warn-bg px-3 py-2 text-sm font-medium text-warn-fg">
            {t("account.changedSignInAgain")}{" "}
            <Link href="/signin?callbackUrl=%2Faccount">{t("signIn.submit")}</Link>
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" className={primaryButtonClass} disabled={pending || !hydrated}>
          {pending ? t("account.submitting") : t("account.submit")}
        </button>
      </div>
    </form>
  );
}
