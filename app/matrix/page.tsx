import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { AreaPlaceholder } from "@/components/area-placeholder.tsx";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("areas.matrix");
  return { title: t("title") };
}

export default function Page() {
  return <AreaPlaceholder area="matrix" />;
}
