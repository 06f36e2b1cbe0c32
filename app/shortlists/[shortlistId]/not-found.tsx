// One 404 page for "no such shortlist" and "not your team's": guessing ids reveals nothing.
import { getTranslations } from "next-intl/server";

import { NoticePage } from "@/components/shortlists/notice-page.tsx";

export default async function ShortlistNotFound() {
  const t = await getTranslations("shortlists");
  return (
    <NoticePage
      title={t("noAccess.title")}
      body={t("noAccess.body")}
      linkHref="/shortlists"
      linkLabel={t("noAccess.back")}
      testId="shortlist-no-access"
    />
  );
}
