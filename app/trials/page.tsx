// /trials — the trial runs of every workspace the user is in: the five steps done, the
// measured numbers, the hardware verdict and the cost per unit of work compared in a chart.
// Signed-out visitors learn what a trial is and are asked to sign in.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";

import { PageIntro } from "@/components/page-intro.tsx";
import { SignedOutPanel } from "@/components/account/signed-out-panel.tsx";
import Link from "@/components/intent-link.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { trialsClientProps } from "@/components/trials/client-props.ts";
import { ProbeLinks } from "@/components/trials/probe-links.tsx";
import { TrialsList } from "@/components/trials/trials-list.tsx";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { TRIAL_STEPS } from "@/lib/trials/trial.ts";
import { getActor } from "@/server/access/run-action.ts";
import { listTrials } from "@/server/queries/trials.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("areas.trials");
  return { title: t("title"), robots: { index: false } };
}

export default async function TrialsPage() {
  const t = await getTranslations("trials");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const actor = await getActor();

  const method = (
    <section
      aria-labelledby="trial-method-heading"
      className="rounded-lg border border-border bg-surface p-5"
    >
      <h2 id="trial-method-heading" className="font-semibold">
        {t("method.heading")}
      </h2>
      <ol className="mt-2 flex list-decimal flex-col gap-1 pl-5 text-sm">
        {TRIAL_STEPS.map((s) => (
          <li key={s}>
            <span className="font-medium">{t(`steps.${s}`)}</span> — {t(`method.${s}`)}
          </li>
        ))}
      </ol>
    </section>
  );

  const header = <PageIntro id="trials-heading" title={t("title")} intro={t("intro")} />;

  if (actor.kind !== "user") {
    return (
      <div className="flex flex-col gap-8">
        {header}
        <SignedOutPanel
          note={t("signIn.body")}
          signInLabel={t("signIn.signIn")}
          signUpLabel={t("signIn.signUp")}
          callbackPath="/trials"
          testId="trials-signed-out"
        />
        <div className="max-w-3xl">{method}</div>
      </div>
    );
  }

  const currency = await getDisplayCurrency(locale);
  const result = await listTrials({ currency });
  if (!result.ok) throw new Error(`listTrials failed: ${result.error.code}`);
  const list = result.data;
  const clientProps = await trialsClientProps();

  return (
    <div className="flex min-w-0 flex-col gap-8">
      {header}
      {list.trials.length === 0 ? (
        <div className="flex max-w-3xl flex-col gap-4">
          <div
            className="rounded-lg border border-dashed border-border bg-surface p-5 sm:p-6"
            data-testid="trials-empty"
          >
            <p className="font-medium">{t("empty.title")}</p>
            <p className="mt-1 text-sm text-muted">{t("empty.body")}</p>
            <p className="mt-3 flex flex-wrap gap-4">
              <Link href="/matrix">{t("empty.matrix")}</Link>
              <Link href="/shortlists">{t("empty.shortlists")}</Link>
            </p>
          </div>
          {method}
          <ProbeLinks t={t} />
        </div>
      ) : (
        <>
          <section aria-labelledby="trials-list-heading" className="flex min-w-0 flex-col gap-3">
            <h2 id="trials-list-heading" className="text-lg font-semibold">
              {t("list.heading")}
            </h2>
            <p className="text-sm text-muted">{t("list.newHint")}</p>
            <TrialsList list={list} clientProps={clientProps} />
          </section>
          <div className="grid max-w-5xl gap-4 lg:grid-cols-2">
            {method}
            <ProbeLinks t={t} />
          </div>
        </>
      )}
    </div>
  );
}
