// /trials/new?offer=<id>[&team=<id>] — start a trial of one offer: the offer's summary with its
// catalog on-demand price (server/trials loadTrialOffer), the workspace (teams the user edits)
// and a label. Starting creates the trial with the billed price prefilled from the catalog and
// opens it.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { trialsClientProps } from "@/components/trials/client-props.ts";
import { formatMoneyValue } from "@/components/trials/format.ts";
import { NewTrialForm } from "@/components/trials/new-trial-form.tsx";
import { getActor } from "@/server/access/run-action.ts";
import { listTrials, trialOffer } from "@/server/queries/trials.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("trials");
  return { title: t("new.title"), robots: { index: false } };
}

type SearchParams = Record<string, string | string[] | undefined>;
const last = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

export default async function NewTrialPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const offerId = last(params.offer)?.trim() ?? "";
  const teamParam = last(params.team)?.trim() ?? "";
  const t = await getTranslations("trials");
  const locale = await getLocale();
  const actor = await getActor();

  const back = (
    <p>
      <Link href="/trials">
        <span aria-hidden="true">← </span>
        {t("back")}
      </Link>
    </p>
  );
  const notice = (title: string, body: string) => (
    <div className="flex max-w-2xl flex-col gap-3" data-testid="new-trial-notice">
      {back}
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="text-muted">{body}</p>
      <p>
        <Link href="/matrix">{t("new.toMatrix")}</Link>
      </p>
    </div>
  );

  if (actor.kind !== "user") {
    const query = new URLSearchParams();
    if (offerId) query.set("offer", offerId);
    if (teamParam) query.set("team", teamParam);
    return (
      <SignInPrompt
        title={t("new.title")}
        body={t("signIn.body")}
        signInLabel={t("signIn.signIn")}
        signUpLabel={t("signIn.signUp")}
        callbackPath={`/trials/new${query.size > 0 ? `?${query.toString()}` : ""}`}
      />
    );
  }
  if (offerId === "") return notice(t("new.noOffer"), t("new.noOfferBody"));
  const offer = await trialOffer(offerId);
  if (!offer) return notice(t("new.unknownOffer"), t("new.unknownOfferBody"));

  const list = await listTrials({ currency: "USD" });
  if (!list.ok) throw new Error(`listTrials failed: ${list.error.code}`);
  const teams = list.data.teams
    .filter((team) => team.canEdit)
    .map((team) => ({ id: team.id, name: team.personal ? t("personalWorkspace") : team.name }));
  const clientProps = await trialsClientProps();
  const zh = locale === "zh-CN";
  const provider = zh ? (offer.provider.nameZh ?? offer.provider.nameEn) : offer.provider.nameEn;
  const region = zh ? (offer.region.nameZh ?? offer.region.name) : offer.region.name;

  return (
    <div className="flex max-w-3xl min-w-0 flex-col gap-6">
      <section aria-labelledby="new-trial-heading" className="flex flex-col gap-2">
        {back}
        <h1 id="new-trial-heading" className="text-3xl font-semibold tracking-tight">
          {t("new.title")}
        </h1>
        <p className="text-muted">{t("new.intro")}</p>
      </section>
      <section
        aria-labelledby="new-trial-offer"
        className="rounded-lg border border-border bg-surface p-4 sm:p-5"
      >
        <h2 id="new-trial-offer" className="font-semibold">
          {t("new.offer")}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="new-trial-offer">
          <dt className="text-muted">{t("new.provider")}</dt>
          <dd className="break-words">{provider}</dd>
          <dt className="text-muted">{t("new.region")}</dt>
          <dd className="break-words">{region}</dd>
          <dt className="text-muted">{t("new.instance")}</dt>
          <dd className="break-words">{offer.instanceType}</dd>
          <dt className="text-muted">{t("new.gpus")}</dt>
          <dd>
            {offer.gpu.name} × {offer.gpuCount}
          </dd>
          <dt className="text-muted">{t("new.vram")}</dt>
          <dd>{offer.vramPerGpuGb} GB</dd>
          <dt className="text-muted">{t("new.price")}</dt>
          <dd>
            {offer.onDemand
              ? t("new.priceValue", {
                  price: formatMoneyValue(offer.onDemand.hourly, offer.onDemand.currency, locale) ?? "",
                  date: offer.onDemand.observedAt.slice(0, 10),
                })
              : t("new.noPrice")}
          </dd>
        </dl>
      </section>
      {teams.length === 0 ? (
        <p className="rounded-md bg-warn-bg px-3 py-2 text-sm text-warn-fg">{t("new.noTeam")}</p>
      ) : (
        <NewTrialForm
          offerId={offer.id}
          teams={teams}
          initialTeam={teams.some((x) => x.id === teamParam) ? teamParam : (teams[0]?.id ?? "")}
          price={offer.onDemand}
          clientProps={clientProps}
        />
      )}
    </div>
  );
}
