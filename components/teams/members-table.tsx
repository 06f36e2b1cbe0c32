// The team's members: name, email, role, joined. The owner gets controls on every other
// member's row; everyone else reads.
import { getTranslations } from "next-intl/server";

import type { TeamDetail } from "@/server/teams/teams.ts";

import { formatDay } from "./format.ts";
import { MemberActions, MemberRoleSelect } from "./member-controls.tsx";
import { RoleBadge } from "./role-badge.tsx";
import { MobileLabel } from "./mobile-label.tsx";
import { cellClass as cell, rowClass, tableClass, tbodyClass, theadClass } from "./responsive-table.ts";
import type { TeamsClientProps } from "./translator.ts";

export async function MembersTable({
  detail,
  teamName,
  locale,
  clientProps,
}: {
  detail: TeamDetail;
  teamName: string;
  locale: string;
  clientProps: TeamsClientProps;
}) {
  const t = await getTranslations("teams");
  const isOwner = detail.myRole === "OWNER";
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
      <table className={tableClass} data-testid="members-table">
        <caption className="sr-only">{t("detail.membersCaption", { team: teamName })}</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={cell}>
              {t("detail.colName")}
            </th>
            <th scope="col" className={cell}>
              {t("detail.colEmail")}
            </th>
            <th scope="col" className={cell}>
              {t("detail.colRole")}
            </th>
            <th scope="col" className={cell}>
              {t("detail.colJoined")}
            </th>
            {isOwner ? (
              <th scope="col" className={cell}>
                {t("detail.colActions")}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={tbodyClass}>
          {detail.members.map((member) => {
            const isMe = member.userId === detail.myUserId;
            const displayName = member.name || member.email || t("detail.noName");
            const controls = isOwner && member.role !== "OWNER";
            return (
              <tr key={member.userId} className={rowClass} data-testid="member-row">
                <th scope="row" className={`${cell} font-medium break-words max-sm:text-base`}>
                  {member.name || <span className="text-muted">{t("detail.noName")}</span>}
                  {isMe ? <span className="ml-1 text-muted">({t("detail.you")})</span> : null}
                </th>
                <td className={`${cell} break-all`}>
                  <MobileLabel>{t("detail.colEmail")}</MobileLabel>
                  {member.email}
                </td>
                <td className={cell}>
                  <MobileLabel>{t("detail.colRole")}</MobileLabel>
                  {controls ? (
                    <MemberRoleSelect
                      teamId={detail.team.id}
                      userId={member.userId}
                      memberName={displayName}
                      role={member.role as "EDITOR" | "VIEWER"}
                      {...clientProps}
                    />
                  ) : (
                    <RoleBadge role={member.role} label={t(`roles.${member.role}`)} />
                  )}
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  <MobileLabel>{t("detail.colJoined")}</MobileLabel>
                  {formatDay(member.joinedAt, locale)}
                </td>
                {isOwner ? (
                  <td className={`${cell} ${controls ? "" : "max-sm:hidden"}`}>
                    {controls ? (
                      <MemberActions
                        teamId={detail.team.id}
                        userId={member.userId}
                        memberName={displayName}
                        {...clientProps}
                      />
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
