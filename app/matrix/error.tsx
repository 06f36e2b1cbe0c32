"use client";
// Shown when the matrix cannot be loaded (the catalog could not be read). Focus moves to the
// message so keyboard and screen-reader users learn what happened.
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";

export default function MatrixError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("matrix.error");
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    console.error(error);
    headingRef.current?.focus();
  }, [error]);
  return (
    <div role="alert" className="max-w-2xl">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
        {t("title")}
      </h1>
      <p className="mt-3 text-muted">{t("body")}</p>
      <button
        type="button"
        onClick={() => retry()}
        className="mt-6 rounded-md bg-accent px-4 py-2 font-medium text-accent-fg hover:opacity-90"
      >
        {t("retry")}
      </button>
    </div>
  );
}
