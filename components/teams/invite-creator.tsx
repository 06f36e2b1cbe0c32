"use client";
// The owner creates an invite link: role, how long it stays valid, one person or many. The
// link (with its token) is shown once, with a copy button; the server keeps only its hash.
import { useEffect, useRef, useState, type FormEvent } from "react";

import { createInvite } from "@/app/teams/actions.ts";
import { TextField } from "@/components/ui/text-field.tsx";
import { primaryButtonClass, secondaryButtonClass, smallButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { INVITE_DEFAULT_DAYS } from "@/lib/limits/teams.ts";

import { formatDateTime } from "./format.ts";
import { reasonMessages, useTeamsTranslator, type TeamsClientProps } from "./translator.ts";

const DAY_CHOICES = [1, 3, 7, 14, 30];

interface Created {
  url: string;
  expiresAt: string;
}

export function InviteCreator({ teamId, ...props }: TeamsClientProps & { teamId: string }) {
  const t = useTeamsTranslator(props);
  const [role, setRole] = useState<"EDITOR" | "VIEWER">("VIEWER");
  const [days, setDays] = useState(INVITE_DEFAULT_DAYS);
  const [multi, setMulti] = useState(false);
  const [email, setEmail] = useState("");
  const { pending, error, call } = useOperation();
  const [created, setCreated] = useState<Created | null>(null);
  const [copyStatus, setCopyStatus] = useState("");
  const linkRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (created) linkRef.current?.select();
  }, [created]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setCopyStatus("");
    const invite = await call(() =>
      createInvite({
        teamId,
        role,
        expiresInDays: days,
        maxUses: multi ? null : 1,
        email: email.trim() === "" ? null : email.trim(),
      }),
    );
    if (invite.ok) {
      setCreated({
        url: new URL(invite.data.path, window.location.origin).toString(),
        expiresAt: invite.data.expiresAt,
      });
    }
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopyStatus(t("client.invite.copied"));
    } catch {
      linkRef.current?.select();
      setCopyStatus(t("client.invite.copyFailed"));
    }
  }

  const selectClass = "min-h-10 rounded-md border border-border bg-surface px-3 py-2 text-fg";

  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={pending}
        className="flex flex-col gap-4"
        data-testid="invite-form"
      >
        <div className="flex flex-wrap gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor="invite-role" className="text-sm font-medium">
              {t("client.invite.roleLabel")}
            </label>
            <select
              id="invite-role"
              value={role}
              onChange={(event) => setRole(event.target.value as "EDITOR" | "VIEWER")}
              className={selectClass}
            >
              <option value="VIEWER">{t("roles.VIEWER")}</option>
              <option value="EDITOR">{t("roles.EDITOR")}</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="invite-days" className="text-sm font-medium">
              {t("client.invite.expiryLabel")}
            </label>
            <select
              id="invite-days"
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
              className={selectClass}
            >
              {DAY_CHOICES.map((count) => (
                <option key={count} value={count}>
                  {t("client.invite.days", { count })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
          <legend className="mb-1 text-sm font-medium">{t("client.invite.usesLegend")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="invite-uses" checked={!multi} onChange={() => setMulti(false)} />
            {t("client.invite.single")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="invite-uses" checked={multi} onChange={() => setMulti(true)} />
            {t("client.invite.multi")}
          </label>
        </fieldset>
        <TextField
          id="invite-email"
          type="email"
          label={t("client.invite.emailLabel")}
          hint={t("client.invite.emailHint")}
          value={email}
          autoComplete="off"
          maxLength={254}
          error={error?.fieldErrors?.email ? t("client.invite.emailInvalid") : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <OperationErrorMessage error={error} reasons={reasonMessages(t)} />
        <div>
          <button type="submit" className={primaryButtonClass} disabled={pending}>
            {pending ? t("client.invite.submitting") : t("client.invite.submit")}
          </button>
        </div>
      </form>

      <div aria-live="polite">
        {created ? (
          <section
            aria-labelledby="invite-created-heading"
            className="flex flex-col gap-3 rounded-md border border-accent/50 bg-accent-soft p-4"
            data-testid="invite-created"
          >
            <h3 id="invite-created-heading" className="font-semibold">
              {t("client.invite.createdHeading")}
            </h3>
            <label htmlFor="invite-link" className="sr-only">
              {t("client.invite.linkLabel")}
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id="invite-link"
                ref={linkRef}
                readOnly
                value={created.url}
                onFocus={(event) => event.currentTarget.select()}
                className="w-full min-w-0 rounded-md border border-border bg-surface px-3 py-2 font-mono text-sm"
                data-testid="invite-link"
              />
              <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>
                {t("client.invite.copy")}
              </button>
            </div>
            <p role="status" className="text-sm font-medium empty:hidden">
              {copyStatus}
            </p>
            <p className="text-sm">{t("client.invite.onceNote")}</p>
            <p className="text-sm text-muted">
              {t("client.invite.expiresNote", { date: formatDateTime(created.expiresAt, props.locale) })}
            </p>
            <div>
              <button type="button" className={smallButtonClass} onClick={() => setCreated(null)}>
                {t("client.invite.done")}
              </button>
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}
