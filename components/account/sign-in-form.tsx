"use client";
// Email + password sign-in through next-auth's credentials provider (no page reload), and
// the OAuth buttons the server says are configured.
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useMemo, useState, type FormEvent } from "react";

import { safeCallbackUrl } from "@/lib/auth/callback-url.ts";

import { signInProblem, signInProblemText, type SignInProblem } from "./sign-in-error.ts";
import { TextField } from "@/components/ui/text-field.tsx";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles.ts";
import { accountTranslator, type AccountMessages } from "./translator.ts";
import { useHydrated } from "./use-hydrated.ts";

export function SignInForm({
  locale,
  messages,
  callbackUrl,
  oauth,
  initialError,
}: {
  locale: string;
  messages: AccountMessages;
  callbackUrl: string;
  oauth: { github: boolean; google: boolean };
  /** next-auth's ?error= after a failed OAuth round trip. */
  initialError: string | null;
}) {
  const t = useMemo(() => accountTranslator(locale, messages), [locale, messages]);
  const router = useRouter();
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<SignInProblem | null>(() => signInProblem(initialError));
  const [pending, setPending] = useState(false);
  // A repeated identical error is a new alert (remounted), so screen readers announce it again.
  const [attempt, setAttempt] = useState(0);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!email.trim() || !password) {
      setProblem({ kind: "invalid" });
      return;
    }
    setPending(true);
    setProblem(null);
    setAttempt((n) => n + 1);
    try {
      const result = await signIn("credentials", { email, password, redirect: false });
      if (!result || result.error) {
        setProblem(signInProblem(result?.error ?? "failed"));
        return;
      }
      // The page checked it already; checked again here, where the navigation happens.
      router.push(safeCallbackUrl(callbackUrl));
      router.refresh();
    } catch {
      setProblem({ kind: "failed" });
    } finally {
      setPending(false);
    }
  }

  const anyOAuth = oauth.github || oauth.google;
  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={(event) => void onSubmit(event)}
        method="post"
        noValidate
        aria-busy={pending}
        className="flex flex-col gap-5"
      >
        <TextField
          id="signin-email"
          label={t("fields.email")}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          id="signin-password"
          label={t("fields.password")}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {problem ? (
          <p
            key={attempt}
            role="alert"
            data-testid="signin-error"
            className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
          >
            {signInProblemText(problem, t)}
          </p>
        ) : null}
        <div>
          <button type="submit" className={primaryButtonClass} disabled={pending || !hydrated}>
            {pending ? t("signIn.submitting") : t("signIn.submit")}
          </button>
        </div>
      </form>
      {anyOAuth ? (
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-3 text-sm text-muted">
            <span aria-hidden="true" className="h-px flex-1 bg-border" />
            {t("signIn.or")}
            <span aria-hidden="true" className="h-px flex-1 bg-border" />
          </p>
          {oauth.github ? (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => void signIn("github", { callbackUrl: safeCallbackUrl(callbackUrl) })}
            >
              {t("signIn.withGithub")}
            </button>
          ) : null}
          {oauth.google ? (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => void signIn("google", { callbackUrl: safeCallbackUrl(callbackUrl) })}
            >
              {t("signIn.withGoogle")}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
