// On phones, wide tables scroll sideways: say so above them (hidden from wider screens).
import { getTranslations } from "next-intl/server";

export async function ScrollHint() {
  const t = await getTranslations("gpus");
  return (
    <p className="text-xs text-muted sm:hidden" aria-hidden="true">
      {t("scrollHint")}
    </p>
  );
}
