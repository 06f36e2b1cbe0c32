// The header's account area: "Sign in" for visitors; the user's menu when signed in
// (server/queries/header-actor.ts reads the session only when a session cookie exists).
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { isCatalogEditor } from "@/server/catalog/editors.ts";
import { headerActor } from "@/server/queries/header-actor.ts";

import { AccountDisclosure } from "./account-disclosure.tsx";

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
