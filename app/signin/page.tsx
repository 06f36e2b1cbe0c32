// /signin — email + password (and OAuth when configured). ?callbackUrl= is followed only
// when it is a same-site path.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { accountFormProps } from "@/components/account/account-messages.ts";
import { safeCallbackUrl } from "@/lib/auth/callback-url.ts";
import { SignInForm } from "@/components/account/sign-in-form.tsx";
import { SignOutButton } from "@/components/account/sign-out-button.tsx";
import { secondaryButtonClass } from "@/components/ui/styles.ts";
import Link from "@/components/intent-link.tsx";
import { getActor } from "@/server/access/run-action.ts";
import { oauthAvailability } from "@/server/auth/options.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("account.signIn");
  return { title: t("title"), robots: { index: false } };
}

type SearchParams = Record<string, string | string[] | undefined>;

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  const t = await getTranslations("account");
  const actor = await getActor();
  const error = typeof params.error === "string" ? params.error.slice(0, 100) : null;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">{t("signIn.title")}</h1>
        {actor.kind === "anonymous" ? <p className="mt-3 text-muted">{t("signIn.intro")}</p> : null}
      </div>
      {actor.kind === "user" ? (
        <div
          className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-5"
          data-testid="already-signed-in"
        >
          <p>{t("signIn.alreadySignedIn", { who: actor.user.name || actor.user.email || "" })}</p>
          <p>
            <Link href={callbackUrl} className="font-medium">
              {t("signIn.continue")}
            </Link>
          </p>
          <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4 text-sm text-muted">
            <span>{t("signIn.signOutFirst")}</span>
            <SignOutButton
              label={t("menu.signOut")}
              pendingLabel={t("menu.signingOut")}
              className={secondaryButtonClass}
            />
          </div>
        </div>
      ) : (
        <>
          <div className="rounded-lg border border-border bg-surface p-5 sm:p-6">
            <SignInForm
              {...await accountFormProps()}
              callbackUrl={callbackUrl}
              oauth={oauthAvailability()}
              initialError={error}
            />
          </div>
          <p className="text-sm">
            {t("signIn.noAccount")}{" "}
            <Link
              href={
                callbackUrl === "/" ? "/signup" : `/signup?callbackUrl=${encodeURIComponent(callbackUrl)}`
              }
              className="font-medium"
            >
              {t("signIn.signUpLink")}
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
