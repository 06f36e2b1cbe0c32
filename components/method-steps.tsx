// The selection method of the two source articles in five steps, each leading to the area
// of GPU Scout that supports it.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";

const STEPS = [
  { key: "workload", href: "/sizing" },
  { key: "dimensions", href: "/providers" },
  { key: "totalCost", href: "/scenarios" },
  { key: "trial", href: "/trials" },
  { key: "commit", href: "/shortlists" },
] as const;

export async function MethodSteps() {
  const t = await getTranslations("home.method");
  return (
    <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {STEPS.map((step, index) => (
        <li key={step.key} className="flex flex-col rounded-lg border border-border bg-surface p-4">
          <span
            aria-hidden="true"
            className="grid size-7 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent-strong"
          >
            {index + 1}
          </span>
          <h3 className="mt-2 font-semibold">{t(`steps.${step.key}.title`)}</h3>
          <p className="mt-1 flex-1 text-sm text-muted">{t(`steps.${step.key}.body`)}</p>
          <Link href={step.href} className="mt-3 text-sm font-medium">
            {t(`steps.${step.key}.link`)}
            <span aria-hidden="true"> →</span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
