// The header's alerts link with the unread count, for signed-in users only. One COUNT over
// the (teamId, readAt) index (server/watches/unread-count.ts); anonymous page views (no
// session cookie) never reach the database, and a failure only hides the count.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { headerUnreadAlerts } from "@/server/queries/alerts-page.ts";

export async function AlertsBadge() {
  const unread = await headerUnreadAlerts();
  if (unread === null) return null;
  const t = await getTranslations("watches.alerts");
  return (
    <Link
      href="/alerts"
      data-testid="header-alerts"
      aria-label={unread > 0 ? t("badgeUnread", { count: unread }) : t("badge")}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-md px-2.5 py-1 text-sm font-medium text-fg no-underline hover:bg-surface-muted"
    >
      {t("badge")}
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="header-alerts-count"
          className="min-w-5 rounded-full bg-accent px-1.5 text-center text-xs font-semibold text-accent-fg"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
