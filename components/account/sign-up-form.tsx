"use client";
// Sign-up: the password rules are shown (and must all be met) before anything is sent; the
// server checks the same rules again. On success the new account signs in at once.
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useMemo, useRef, useState, type FormEvent } from "react";

import { signUp } from "@/app/account/actions.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import Link from "@/components/intent-link.tsx";
import { safeCallbackUrl } from "@/lib/auth/callback-url.ts";
import { failedPasswordRules } from "@/lib/auth/password-rules.ts";
import type { OperationError } from "@/server/access/operation.ts";

import { PasswordChecklist } from "./password-checklist.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { primaryButtonClass } from "@/components/ui/styles.ts";
import { accountTranslator, type AccountMessages } from "./translator.ts";
import { useHydrated } from "./use-hydrated.ts";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Problem =
  | { kind: "email"; message: "invalid" | "taken" }
  | { kind: "password" }
  | { kind: "signInFailed" }
  | { kind: "operation"; error: OperationError };

export function SignUpForm({
  locale,
  messages,
  callbackUrl,
}: {
  locale: string;
  messages: AccountMessages;
  callbackUrl: string;
}) {
  const t = useMemo(() => accountTranslator(locale, messages), [locale, messages]);
  const router = useRouter();
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const signInHref = `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!EMAIL_SHAPE.test(email.trim())) {
      setProblem({ kind: "email", message: "invalid" });
      emailRef.current?.focus();
      return;
    }
    if (failedPasswordRules(password, email.trim()).length > 0) {
      setProblem({ kind: "password" });
      passwordRef.current?.focus();
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const result = await signUp({ email, name: name.trim() || undefined, password });
      if (!result.ok) {
        const { error } = result;
        if (error.reason === "email-taken") {
          setProblem({ kind: "email", message: "taken" });
          emailRef.current?.focus();
        } else if (error.reason === "weak-password") {
          setProblem({ kind: "password" });
          passwordRef.current?.focus();
        } else if (error.code === "INVALID_INPUT" && error.fieldErrors?.email) {
          setProblem({ kind: "email", message: "invalid" });
          emailRef.current?.focus();
        } else {
          setProblem({ kind: "operation", error });
        }
        return;
      }
      const signedIn = await signIn("credentials", { email, password, redirect: false });
      if (!signedIn || signedIn.error) {
        setProblem({ kind: "signInFailed" });
        return;
      }
      // The page checked it already; checked again here, where the navigation happens.
      router.push(safeCallbackUrl(callbackUrl));
      router.refresh();
    } catch {
      setProblem({ kind: "operation", error: { code: "INTERNAL" } });
    } finally {
      setPending(false);
    }
  }

  const emailError =
    problem?.kind === "email" ? (
      problem.message === "taken" ? (
        <>
          {t("signUp.emailTaken")} <Link href={signInHref}>{t("signUp.emailTakenLink")}</Link>
        </>
      ) : (
        t("fields.invalidEmail")
      )
    ) : null;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      method="post"
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-5"
    >
      <TextField
        id="signup-email"
        label={t("fields.email")}
        type="email"
        name="email"
        autoComplete="email"
        required
        maxLength={254}
        ref={emailRef}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={emailError}
      />
      <TextField
        id="signup-name"
        label={t("fields.name")}
        hint={t("fields.nameHint")}
        type="text"
        name="name"
        autoComplete="name"
        maxLength={80}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        id="signup-password"
        label={t("fields.password")}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        ref={passwordRef}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={problem?.kind === "password" ? t("password.weak") : null}
        describedBy="signup-password-rules"
      >
        <PasswordChecklist id="signup-password-rules" password={password} email={email.trim()} t={t} />
      </TextField>
      {problem?.kind === "signInFailed" ? (
        <p
          role="alert"
          className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          {t("signUp.signedUpButSignInFailed")} <Link href={signInHref}>{t("signUp.signInLink")}</Link>
        </p>
      ) : null}
      <OperationErrorMessage error={problem?.kind === "operation" ? problem.error : null} />
      <div>
        <button type="submit" className={primaryButtonClass} disabled={pending || !hydrated}>
          {pending ? t("signUp.submitting") : t("signUp.submit")}
        </button>
      </div>
    </form>
  );
}
