"use client";
// Comment on an item (text, a +1 / −1 vote, or both) and delete one's own comment (owners
// may delete any). Results are announced; the page re-renders from the server.
import { useId, useState, type FormEvent } from "react";

import { addComment, deleteComment } from "@/app/shortlists/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { TEXT_MAX } from "@/lib/limits/shortlists.ts";

import { useShortlistsTranslator, type ShortlistsClientProps } from "./translator.ts";

type Vote = "" | "1" | "-1";

export function CommentForm({
  itemId,
  offerLabel,
  clientProps,
}: {
  itemId: string;
  offerLabel: string;
  clientProps: ShortlistsClientProps;
}) {
  const t = useShortlistsTranslator(clientProps);
  const id = useId();
  const [body, setBody] = useState("");
  const [vote, setVote] = useState<Vote>("");
  const { pending, error, call } = useOperation();
  const [empty, setEmpty] = useState(false);
  const [posted, setPosted] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPosted(false);
    if (!body.trim() && vote === "") {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    const result = await call(() =>
      addComment({
        itemId,
        ...(body.trim() ? { body } : {}),
        ...(vote ? { vote: Number(vote) } : {}),
      }),
    );
    if (!result.ok) return;
    setBody("");
    setVote("");
    setPosted(true);
  }

  const votes: [Vote, string][] = [
    ["", t("client.comment.voteNone")],
    ["1", t("client.comment.voteUp")],
    ["-1", t("client.comment.voteDown")],
  ];

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-2"
      data-testid="comment-form"
    >
      <label htmlFor={`${id}-body`} className="text-sm font-medium">
        {t("client.comment.label", { offer: offerLabel })}
      </label>
      <textarea
        id={`${id}-body`}
        className={`${inputClass} min-h-16`}
        value={body}
        maxLength={TEXT_MAX}
        placeholder={t("client.comment.placeholder")}
        aria-invalid={empty || undefined}
        aria-describedby={empty ? `${id}-empty` : undefined}
        onChange={(e) => setBody(e.target.value)}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <legend className="sr-only">{t("client.comment.voteLegend")}</legend>
          {votes.map(([value, label]) => (
            <label key={value || "none"} className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name={`${id}-vote`}
                value={value}
                checked={vote === value}
                onChange={() => setVote(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={smallButtonClass} disabled={pending} data-testid="comment-submit">
          {pending ? t("client.comment.submitting") : t("client.comment.submit")}
        </button>
      </div>
      {empty ? (
        <p id={`${id}-empty`} className="text-sm font-medium text-danger" role="alert">
          {t("client.comment.empty")}
        </p>
      ) : null}
      <OperationErrorMessage error={error} />
      <p role="status" aria-live="polite" className="text-sm text-muted">
        {posted ? t("client.comment.posted") : ""}
      </p>
    </form>
  );
}

export function DeleteCommentButton({
  commentId,
  clientProps,
}: {
  commentId: string;
  clientProps: ShortlistsClientProps;
}) {
  const t = useShortlistsTranslator(clientProps);
  const { pending, error, call } = useOperation();
  return (
    <>
      <button
        type="button"
        className="text-xs text-danger underline disabled:opacity-60"
        aria-label={t("client.comment.deleteLabel")}
        disabled={pending}
        onClick={() => void call(() => deleteComment({ commentId }))}
      >
        {pending ? t("client.comment.deleting") : t("client.comment.delete")}
      </button>
      <OperationErrorMessage error={error} />
    </>
  );
}
