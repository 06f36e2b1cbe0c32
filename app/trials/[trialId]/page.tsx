// /trials/<id> — one trial run: the seed's five steps as a guided form, probe import, results
// (cost per unit of work) and the nvidia-smi hardware check. Members read; editors write.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { trialsClientProps } from "@/components/trials/client-props.ts";
import { SpotEvidencePanel } from "@/components/trials/spot-evidence-panel.tsx";
import { TrialWorkspace } from "@/components/trials/trial-workspace.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import { getTrial } from "@/server/queries/trials.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  // The title never names the trial: the page may be a sign-in prompt.
  const t = await getTranslations("trials");
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function TrialPage({ params }: { params: Promise<{ trialId: string }> }) {
  const { trialId } = await params;
  const t = await getTranslations("trials");
  const locale = await getLocale();
  const result = await getTrial({ trialId });
  if (!result.ok) {
    if (result.error.code === "SIGN_IN_REQUIRED") {
      return (
        <SignInPrompt
          title={t("signIn.title")}
          body={t("signIn.body")}
          signInLabel={t("signIn.signIn")}
          signUpLabel={t("signIn.signUp")}
          callbackPath={`/trials/${encodeURIComponent(trialId)}`}
        />
      );
    }
    if (result.error.code === "INTERNAL" || result.error.code === "UNAVAILABLE")
      throw new Error("getTrial failed");
    notFound();
  }
  const trial = result.data;
  const clientProps = await trialsClientProps();
  const provider =
    locale === "zh-CN"
      ? (trial.offer.provider.nameZh ?? trial.offer.provider.nameEn)
      : trial.offer.provider.nameEn;
  const region =
    locale === "zh-CN" ? (trial.offer.region.nameZh ?? trial.offer.region.name) : trial.offer.region.name;
  const title =
    trial.fields.label ?? t("list.untitled", { offer: `${provider} ${trial.offer.instanceType}` });
  const team = trial.team.personal ? t("personalWorkspace") : trial.team.name;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <section aria-labelledby="trial-heading" className="flex max-w-3xl flex-col gap-2">
        <p>
          <Link href="/trials">
            <span aria-hidden="true">← </span>
            {t("back")}
          </Link>
        </p>
        <h1 id="trial-heading" className="text-3xl font-semibold tracking-tight break-words">
          {title}
        </h1>
        <p className="text-sm break-words text-muted" data-testid="trial-offer">
          {provider} · {region} · {trial.offer.instanceType} · {trial.offer.gpu.name}×{trial.offer.gpuCount} ·{" "}
          {t("new.vram")} {trial.offer.vramPerGpuGb} GB · {team}
        </p>
      </section>
      <TrialWorkspace trial={trial} clientProps={clientProps} />
      {trial.spotEvidence ? (
        <SpotEvidencePanel evidence={trial.spotEvidence} locale={locale as AppLocale} />
      ) : null}
    </div>
  );
}
