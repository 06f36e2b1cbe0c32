"use client";
// Shown when a page fails (most often: the database could not be opened). The message is
// generic on purpose; the digest lets an operator find the real error in the server log.
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";

import Link from "@/components/intent-link.tsx";

export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("error");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const digest =
    error instanceof Error && "digest" in error && typeof error.digest === "string"
      ? error.digest
      : undefined;

  useEffect(() => {
    console.error(error);
    // Move focus to the message so keyboard and screen-reader users learn what happened.
    headingRef.current?.focus();
  }, [error]);

  return (
    <div role="alert" className="max-w-2xl">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-semibold tracking-tight outline-none">
        {t("title")}
      </h1>
      <p className="mt-3 text-muted">{t("body")}</p>
      {digest ? (
        <p className="mt-2 text-sm text-muted">
          {t("reference")} <code className="font-mono">{digest}</code>
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <button
          type="button"
          onClick={() => retry()}
          className="rounded-md bg-accent px-4 py-2 font-medium text-accent-fg hover:opacity-90"
        >
          {t("retry")}
        </button>
        <Link href="/">{t("home")}</Link>
      </div>
    </div>
  );
}
