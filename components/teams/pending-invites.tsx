// The owner's usable invite links: role, expiry, uses, who made them; each revocable. The
// links themselves are never shown again (only their hash is stored).
import { getTranslations } from "next-intl/server";

import type { PendingInvite } from "@/server/teams/teams.ts";

import { formatDateTime, formatDay } from "./format.ts";
import { RevokeInviteButton } from "./revoke-invite-button.tsx";
import { RoleBadge } from "./role-badge.tsx";
import { MobileLabel } from "./mobile-label.tsx";
import { cellClass as cell, rowClass, tableClass, tbodyClass, theadClass } from "./responsive-table.ts";
import type { TeamsClientProps } from "./translator.ts";

export async function PendingInvites({
  invites,
  locale,
  clientProps,
}: {
  invites: PendingInvite[];
  locale: string;
  clientProps: TeamsClientProps;
}) {
  const t = await getTranslations("teams");
  if (invites.length === 0) {
    return (
      <p className="text-sm text-muted" data-testid="invites-empty">
        {t("detail.pendingEmpty")}
      </p>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
      <table className={tableClass} data-testid="pending-invites">
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={cell}>
              {t("detail.colInviteRole")}
            </th>
            <th scope="col" className={cell}>
              {t("detail.colExpires")}
            </th>
            <th scope="col" className={cell}>
              {t("detail.colUses")}
            </th>
            <th scope="col" className={cell}>
              {t("detail.colCreated")}
            </th>
            <th scope="col" className={cell}>
              {t("detail.colActions")}
            </th>
          </tr>
        </thead>
        <tbody className={tbodyClass}>
          {invites.map((invite) => (
            <tr key={invite.id} className={rowClass} data-testid="invite-row">
              <td className={cell}>
                <MobileLabel>{t("detail.colInviteRole")}</MobileLabel>
                <RoleBadge role={invite.role} label={t(`roles.${invite.role}`)} />
              </td>
              <td className={`${cell} sm:whitespace-nowrap`}>
                <MobileLabel>{t("detail.colExpires")}</MobileLabel>
                {formatDateTime(invite.expiresAt, locale)}
              </td>
              <td className={`${cell} sm:whitespace-nowrap`}>
                <MobileLabel>{t("detail.colUses")}</MobileLabel>
                {invite.maxUses === null
                  ? t("detail.usesUnlimited", { uses: invite.uses })
                  : t("detail.usesOf", { uses: invite.uses, max: invite.maxUses })}
                {invite.email ? (
                  <span className="block text-xs text-muted">
                    {t("detail.onlyFor", { email: invite.email })}
                  </span>
                ) : null}
              </td>
              <td className={cell}>
                <MobileLabel>{t("detail.colCreated")}</MobileLabel>
                {t("detail.createdBy", {
                  date: formatDay(invite.createdAt, locale),
                  name: invite.createdByName ?? "—",
                })}
              </td>
              <td className={cell}>
                <RevokeInviteButton inviteId={invite.id} {...clientProps} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
