// What a bad compare link gets instead of a comparison: what is wrong, what to do, and a way
// back to the matrix (and, when enough known offers remain, a link comparing those).
import Link from "@/components/intent-link.tsx";

import type { CompareT } from "./compare-translations.ts";

export function CompareInvalid({
  problems,
  keepKnownHref,
  keepKnownCount,
  t,
}: {
  problems: string[];
  keepKnownHref?: string | null;
  keepKnownCount?: number;
  t: CompareT;
}) {
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-3xl font-semibold tracking-tight">{t("title")}</h1>
      <section
        role="alert"
        aria-labelledby="compare-invalid-heading"
        className="rounded-lg border-l-4 border-warn-fg bg-warn-bg p-4 text-warn-fg"
        data-testid="compare-invalid"
      >
        <h2 id="compare-invalid-heading" className="font-semibold">
          {t("invalid.title")}
        </h2>
        {problems.map((p) => (
          <p key={p} className="mt-1 text-sm [overflow-wrap:anywhere]">
            {p}
          </p>
        ))}
        <p className="mt-2 text-sm">{t("invalid.whatToDo")}</p>
      </section>
      <p className="flex flex-wrap gap-4">
        <Link
          href="/matrix"
          className="inline-block rounded-md bg-accent px-3 py-2 text-sm font-medium text-accent-fg no-underline"
          data-testid="back-to-matrix"
        >
          {t("invalid.backLink")}
        </Link>
        {keepKnownHref ? (
          <Link href={keepKnownHref} className="inline-block px-1 py-2 text-sm" data-testid="keep-known">
            {t("invalid.keepKnown", { count: keepKnownCount ?? 0 })}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
