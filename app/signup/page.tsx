// /signup — create an account (email, optional name, password with the rules shown live).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { accountFormProps } from "@/components/account/account-messages.ts";
import { safeCallbackUrl } from "@/lib/auth/callback-url.ts";
import { SignUpForm } from "@/components/account/sign-up-form.tsx";
import Link from "@/components/intent-link.tsx";
import { getActor } from "@/server/access/run-action.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("account.signUp");
  return { title: t("title"), robots: { index: false } };
}

type SearchParams = Record<string, string | string[] | undefined>;

export default async function SignUpPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl, "/shortlists");
  const t = await getTranslations("account");
  const actor = await getActor();

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">{t("signUp.title")}</h1>
        {actor.kind === "anonymous" ? <p className="mt-3 text-muted">{t("signUp.intro")}</p> : null}
      </div>
      {actor.kind === "user" ? (
        <div
          className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-5"
          data-testid="already-signed-in"
        >
          <p>{t("signUp.alreadySignedIn", { who: actor.user.name || actor.user.email || "" })}</p>
          <p>
            <Link href={callbackUrl} className="font-medium">
              {t("signIn.continue")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <div className="rounded-lg border border-border bg-surface p-5 sm:p-6">
            <SignUpForm {...await accountFormProps()} callbackUrl={callbackUrl} />
          </div>
          <p className="text-sm">
            {t("signUp.haveAccount")}{" "}
            <Link href={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`} className="font-medium">
              {t("signUp.signInLink")}
            </Link>
          </p>
        </>
      )}
      <p className="text-sm">
        <Link href="/">{t("signIn.back")}</Link>
      </p>
    </div>
  );
}
