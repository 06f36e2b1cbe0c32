// The header's account area: "Sign in" for visitors; the user's menu when signed in.
// Without a session cookie no database lookup happens (most page views are anonymous).
import { cookies } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { ANONYMOUS, type Actor } from "@/server/access/actor.ts";
import { getActor } from "@/server/access/run-action.ts";
import { isCatalogEditor } from "@/server/catalog/editors.ts";
import { log } from "@/server/log.ts";

import { AccountDisclosure } from "./account-disclosure.tsx";

async function headerActor(): Promise<Actor> {
  const jar = await cookies();
  if (!jar.getAll().some((cookie) => cookie.name.includes("next-auth.session-token"))) return ANONYMOUS;
  try {
    return await getActor();
  } catch (error) {
    unstable_rethrow(error);
    // The header must not take the page down with it; the pages that need a user say so.
    log.warn("site header: could not read the session", { err: error });
    return ANONYMOUS;
  }
}

export async function AccountArea() {
  const [actor, nav, t] = await Promise.all([
    headerActor(),
    getTranslations("nav"),
    getTranslations("account.menu"),
  ]);
  if (actor.kind === "anonymous") {
    return (
      <Link
        href="/signin"
        data-testid="header-sign-in"
        className="inline-flex min-h-9 items-center rounded-md px-2.5 py-1 text-sm font-medium text-accent-strong no-underline hover:bg-surface-muted"
      >
        {nav("signIn")}
      </Link>
    );
  }
  const who = actor.user.name || actor.user.email || "";
  return (
    <AccountDisclosure
      who={who}
      email={actor.user.email ?? ""}
      label={t("label", { who })}
      links={[
        { href: "/teams", label: nav("teams") },
        { href: "/account", label: nav("account") },
        ...(isCatalogEditor(actor) ? [{ href: "/catalog/imports", label: nav("catalogImport") }] : []),
      ]}
      signOutLabel={t("signOut")}
      signingOutLabel={t("signingOut")}
    />
  );
}
