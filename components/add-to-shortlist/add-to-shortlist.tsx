"use client";
// "Add to shortlist" for the offers selected in the matrix or shown in the compare view.
// Anonymous visitors get a sign-in link (browsing needs no account; saving does); signed-in
// users pick one of the shortlists they can edit. The result is announced (aria-live).
import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { addShortlistItems } from "@/app/shortlists/actions.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import Link from "@/components/intent-link.tsx";
import type { ShortlistTarget } from "@/server/queries/shortlist-targets.ts";

export type { ShortlistTarget };

interface Added {
  shortlistId: string;
  added: number;
  skipped: number;
}

export function AddToShortlist({
  offerIds,
  targets,
  returnTo,
}: {
  offerIds: string[];
  /** null: not signed in. */
  targets: ShortlistTarget[] | null;
  /** Where sign-in comes back to. */
  returnTo: string;
}) {
  const t = useTranslations("matrix.addToShortlist");
  const selectId = useId();
  const [choice, setChoice] = useState(targets?.[0]?.id ?? "");
  const [done, setDone] = useState<Added | null>(null);
  const { pending, error, call } = useOperation();

  if (targets === null) {
    return (
      <Link
        href={`/signin?callbackUrl=${encodeURIComponent(returnTo)}`}
        data-testid="add-to-shortlist-signin"
      >
        {t("signIn")}
      </Link>
    );
  }
  if (targets.length === 0) {
    return (
      <Link href="/shortlists" data-testid="add-to-shortlist-create">
        {t("createFirst")}
      </Link>
    );
  }

  const submit = async () => {
    const shortlistId = choice;
    setDone(null);
    const result = await call(() => addShortlistItems({ shortlistId, offerIds }));
    if (result.ok) setDone({ shortlistId, added: result.data.added, skipped: result.data.skipped });
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="add-to-shortlist">
      <label htmlFor={selectId} className="text-sm">
        {t("label")}
      </label>
      <select
        id={selectId}
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
      >
        {targets.map((target) => (
          <option key={target.id} value={target.id}>
            {target.name} · {target.personal ? t("personal") : target.teamName}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => void submit()}
        disabled={pending || offerIds.length === 0}
        className="rounded-md border border-accent px-3 py-1.5 text-sm font-medium text-accent-strong disabled:opacity-50"
      >
        {pending ? t("adding") : t("add", { count: offerIds.length })}
      </button>
      <div aria-live="polite" className="text-sm">
        {done ? (
          <span data-testid="add-to-shortlist-done">
            {t("added", { added: done.added, skipped: done.skipped })}{" "}
            <Link href={`/shortlists/${done.shortlistId}`}>{t("open")}</Link>
          </span>
        ) : null}
      </div>
      <OperationErrorMessage error={error} reasons={{ "too-many-items": t("tooMany") }} />
    </div>
  );
}
