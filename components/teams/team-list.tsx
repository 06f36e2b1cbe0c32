// The actor's teams as cards: name (the personal workspace by its translated name), role,
// member count.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import type { MyTeam } from "@/server/teams/teams.ts";

import { RoleBadge } from "./role-badge.tsx";

export async function TeamList({ teams }: { teams: MyTeam[] }) {
  const t = await getTranslations("teams");
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="team-list">
      {teams.map((team) => (
        <li key={team.id}>
          <Link
            href={`/teams/${team.id}`}
            className="flex h-full flex-col gap-2 rounded-lg border border-border bg-surface p-4 text-fg no-underline transition-colors hover:border-accent focus-visible:border-accent"
            data-testid="team-card"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-lg font-semibold break-words text-accent-strong underline-offset-2">
                {team.personal ? t("personalName") : team.name}
              </span>
              {team.personal ? (
                <span className="rounded-full border border-border px-2 py-0.5 text-xs text-muted">
                  {t("list.personalBadge")}
                </span>
              ) : null}
            </span>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              <span>
                <span className="sr-only">{t("list.yourRole")}: </span>
                <RoleBadge role={team.role} label={t(`roles.${team.role}`)} />
              </span>
              <span>{t("list.members", { count: team.memberCount })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
