"use client";
// Editors' share-link panel: create a public or team link (expiry, notes or not) with a
// sentence per option of what a visitor will see, see the full link once with a copy button,
// and the list of links with who made them, when they expire, when they were last opened, and
// a revoke button.
import { useId, useRef, useState, type FormEvent } from "react";

import { createShareLink, revokeShareLink } from "@/app/shortlists/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { primaryButtonClass, smallButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { ConfirmAction } from "@/components/teams/confirm-action.tsx";
import { formatDate } from "@/lib/format/date.ts";

import {
  useShortlistsTranslator,
  type ShortlistsClientProps,
  type ShortlistsTranslator,
} from "./translator.ts";

export interface ShareLinkRow {
  id: string;
  access: "PUBLIC" | "TEAM";
  includeNotes: boolean;
  createdBy: { name: string | null; email: string | null };
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  status: "active" | "expired" | "revoked";
}

const EXPIRIES = ["7", "30", "90", "365", "never"] as const;
type Expiry = (typeof EXPIRIES)[number];
const EXPIRY_LABEL: Record<Expiry, string> = {
  "7": "expiry7",
  "30": "expiry30",
  "90": "expiry90",
  "365": "expiry365",
  never: "expiryNever",
};

const STATUS_STYLE: Record<ShareLinkRow["status"], string> = {
  active: "bg-accent/10 text-accent",
  expired: "bg-warn-bg text-warn-fg",
  revoked: "bg-danger/10 text-danger",
};

function CreatedLink({ url, t }: { url: string; t: ShortlistsTranslator }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const id = useId();
  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-accent/50 bg-accent/5 p-3"
      data-testid="share-created"
    >
      <p className="font-medium">{t("client.share.createdTitle")}</p>
      <p className="text-sm text-muted">{t("client.share.createdBody")}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-url`} className="sr-only">
          {t("client.share.linkLabel")}
        </label>
        <input
          id={`${id}-url`}
          ref={inputRef}
          readOnly
          value={url}
          className={`${inputClass} font-mono text-xs`}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="share-url"
        />
        <button
          type="button"
          className={smallButtonClass}
          onClick={() => {
            navigator.clipboard
              .writeText(url)
              .then(() => setCopy("copied"))
              .catch(() => {
                inputRef.current?.select();
                setCopy("failed");
              });
          }}
          data-testid="share-copy"
        >
          {t("client.share.copy")}
        </button>
      </div>
      <p role="status" aria-live="polite" className="text-sm">
        {copy === "copied" ? t("client.share.copied") : copy === "failed" ? t("client.share.copyFailed") : ""}
      </p>
    </div>
  );
}

export function ShareLinksPanel({
  shortlistId,
  links,
  clientProps,
}: {
  shortlistId: string;
  links: ShareLinkRow[];
  clientProps: ShortlistsClientProps;
}) {
  const t = useShortlistsTranslator(clientProps);
  const locale = clientProps.locale;
  const id = useId();
  const [access, setAccess] = useState<"PUBLIC" | "TEAM">("PUBLIC");
  const [expiry, setExpiry] = useState<Expiry>("30");
  const [includeNotes, setIncludeNotes] = useState(false);
  const { pending, error, call } = useOperation();
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setCreatedUrl(null);
    const link = await call(() =>
      createShareLink({
        shortlistId,
        access,
        expiresInDays: expiry === "never" ? null : Number(expiry),
        includeNotes,
      }),
    );
    if (link.ok) setCreatedUrl(`${window.location.origin}${link.data.path}`);
  }

  const date = (value: string | null, empty: string) => (value ? formatDate(value, locale) : empty);

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t("client.share.intro")}</p>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={pending}
        className="flex flex-col gap-4"
        data-testid="share-create-form"
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("client.share.access")}</legend>
          {(["PUBLIC", "TEAM"] as const).map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-access`}
                value={value}
                checked={access === value}
                onChange={() => setAccess(value)}
                className="mt-1"
                aria-describedby={`${id}-${value}-hint`}
              />
              <span>
                <span className="font-medium">
                  {value === "PUBLIC" ? t("client.share.public") : t("client.share.team")}
                </span>
                <span id={`${id}-${value}-hint`} className="block text-xs text-muted">
                  {value === "PUBLIC" ? t("client.share.publicHint") : t("client.share.teamHint")}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1 sm:max-w-xs">
          <label htmlFor={`${id}-expiry`} className="text-sm font-medium">
            {t("client.share.expiry")}
          </label>
          <select
            id={`${id}-expiry`}
            className={inputClass}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as Expiry)}
          >
            {EXPIRIES.map((value) => (
              <option key={value} value={value}>
                {t(`client.share.${EXPIRY_LABEL[value]}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            checked={includeNotes}
            onChange={(e) => setIncludeNotes(e.target.checked)}
            className="mt-1"
            aria-describedby={`${id}-notes-hint`}
            data-testid="share-include-notes"
          />
          <span>
            <span className="font-medium">{t("client.share.includeNotes")}</span>
            <span id={`${id}-notes-hint`} className="block text-xs text-muted">
              {t("client.share.includeNotesHint")}
            </span>
          </span>
        </label>
        {/* What this link will reveal, for the options chosen above (server/shortlists/view.ts). */}
        <div
          className="flex flex-col gap-1 rounded-md border border-border bg-surface-muted p-3 text-sm"
          aria-live="polite"
          data-testid="share-visitor-sees"
        >
          <p className="font-medium">{t("client.share.seesHeading")}</p>
          <p>{access === "PUBLIC" ? t("client.share.publicHint") : t("client.share.teamHint")}</p>
          <p>{t("client.share.seesAlways")}</p>
          <p>{includeNotes ? t("client.share.seesWithNotes") : t("client.share.seesWithoutNotes")}</p>
          <p>{t("client.share.seesNever")}</p>
        </div>
        <OperationErrorMessage error={error} />
        <div>
          <button type="submit" className={primaryButtonClass} disabled={pending} data-testid="share-create">
            {pending ? t("client.share.creating") : t("client.share.create")}
          </button>
        </div>
      </form>

      {createdUrl ? <CreatedLink url={createdUrl} t={t} /> : null}

      <section aria-labelledby={`${id}-list`} className="flex flex-col gap-2">
        <h3 id={`${id}-list`} className="font-semibold">
          {t("client.share.listHeading")}
        </h3>
        {links.length === 0 ? (
          <p className="text-sm text-muted">{t("client.share.none")}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="share-links">
            {links.map((link) => (
              <li
                key={link.id}
                className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm sm:flex-row sm:items-start sm:justify-between"
                data-testid="share-link-row"
              >
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                  <dt className="text-muted">{t("client.share.colAccess")}</dt>
                  <dd>
                    {link.access === "PUBLIC" ? t("client.share.public") : t("client.share.team")} ·{" "}
                    {link.includeNotes ? t("client.share.withNotes") : t("client.share.withoutNotes")}
                  </dd>
                  <dt className="text-muted">{t("client.share.colCreated")}</dt>
                  <dd>
                    {formatDate(link.createdAt, locale)}{" "}
                    {t("client.share.by", { who: link.createdBy.name ?? link.createdBy.email ?? "?" })}
                  </dd>
                  <dt className="text-muted">{t("client.share.colExpires")}</dt>
                  <dd>{date(link.expiresAt, t("client.share.never"))}</dd>
                  <dt className="text-muted">{t("client.share.colLastUsed")}</dt>
                  <dd>{date(link.lastUsedAt, t("client.share.notYet"))}</dd>
                  <dt className="text-muted">{t("client.share.colStatus")}</dt>
                  <dd>
                    <span
                      className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLE[link.status]}`}
                    >
                      {t(
                        `client.share.status${link.status === "active" ? "Active" : link.status === "expired" ? "Expired" : "Revoked"}`,
                      )}
                    </span>
                  </dd>
                </dl>
                {link.status === "active" ? (
                  <ConfirmAction
                    label={t("client.share.revoke")}
                    question={t("client.share.revokeQuestion")}
                    confirmLabel={t("client.share.revokeConfirm")}
                    cancelLabel={t("client.share.cancel")}
                    workingLabel={t("client.share.revoking")}
                    reasons={{}}
                    run={() => revokeShareLink({ linkId: link.id })}
                    testId="share-revoke"
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
