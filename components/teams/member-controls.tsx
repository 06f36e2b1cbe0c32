"use client";
// The owner's controls on one member's row: change role (saved on change, announced),
// remove, make owner (both confirmed first).
import { useState } from "react";

import { changeMemberRole, removeMember, transferOwnership } from "@/app/teams/actions.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";

import { ConfirmAction } from "./confirm-action.tsx";
import { reasonMessages, useTeamsTranslator, type TeamsClientProps } from "./translator.ts";

type GrantableRole = "EDITOR" | "VIEWER";

export function MemberRoleSelect({
  teamId,
  userId,
  memberName,
  role,
  ...props
}: TeamsClientProps & { teamId: string; userId: string; memberName: string; role: GrantableRole }) {
  const t = useTeamsTranslator(props);
  const [value, setValue] = useState<GrantableRole>(role);
  const [status, setStatus] = useState("");
  const { pending, error, call } = useOperation();
  const id = `role-${userId}`;

  async function onChange(next: GrantableRole) {
    const previous = value;
    setValue(next);
    setStatus(t("client.role.saving"));
    const result = await call(() => changeMemberRole({ teamId, userId, role: next }));
    if (!result.ok) {
      setValue(previous);
      setStatus("");
      return;
    }
    setStatus(t("client.role.saved", { name: memberName, role: t(`roles.${next}`) }));
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {t("client.role.label", { name: memberName })}
      </label>
      <select
        id={id}
        value={value}
        disabled={pending}
        aria-busy={pending}
        onChange={(event) => void onChange(event.target.value as GrantableRole)}
        className="min-h-9 rounded-md border border-border bg-surface px-2 py-1 text-sm"
        data-testid="member-role-select"
      >
        <option value="EDITOR">{t("roles.EDITOR")}</option>
        <option value="VIEWER">{t("roles.VIEWER")}</option>
      </select>
      <p role="status" aria-live="polite" className="text-xs text-muted empty:hidden">
        {status}
      </p>
      <OperationErrorMessage error={error} reasons={reasonMessages(t)} />
    </div>
  );
}

export function MemberActions({
  teamId,
  userId,
  memberName,
  ...props
}: TeamsClientProps & { teamId: string; userId: string; memberName: string }) {
  const t = useTeamsTranslator(props);
  const reasons = reasonMessages(t);
  const common = {
    cancelLabel: t("client.cancel"),
    workingLabel: t("client.working"),
    reasons,
  };
  return (
    <div className="flex flex-wrap items-start gap-2">
      <ConfirmAction
        {...common}
        label={t("client.transfer.button")}
        question={t("client.transfer.confirm", { name: memberName })}
        confirmLabel={t("client.transfer.confirmButton")}
        run={() => transferOwnership({ teamId, userId })}
        testId="transfer-ownership"
      />
      <ConfirmAction
        {...common}
        label={t("client.remove.button")}
        question={t("client.remove.confirm", { name: memberName })}
        confirmLabel={t("client.remove.confirmButton")}
        run={() => removeMember({ teamId, userId })}
        testId="remove-member"
      />
    </div>
  );
}
