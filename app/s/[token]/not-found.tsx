// A share link that does not open (unknown, revoked or expired): one clear page, HTTP 404.
import { getTranslations } from "next-intl/server";

import { NoticePage } from "@/components/shortlists/notice-page.tsx";

export default async function SharedLinkNotFound() {
  const t = await getTranslations("shortlists");
  return (
    <NoticePage
      title={t("shared.invalidTitle")}
      body={t("shared.invalidBody")}
      linkHref="/"
      linkLabel={t("shared.home")}
      testId="shared-invalid"
    />
  );
}
