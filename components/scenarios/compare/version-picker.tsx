// The comparison's heading and the two version choices (a plain GET form: works without
// JavaScript), with a notice when both sides are the same version.
import { inputClass } from "@/components/ui/text-field.tsx";
import { smallButtonClass } from "@/components/ui/styles.ts";
import Link from "@/components/intent-link.tsx";

import type { ScenariosT } from "./translators.ts";

export function VersionPicker({
  base,
  name,
  a,
  b,
  latestVersion,
  t,
}: {
  /** /scenarios/<id> */
  base: string;
  name: string;
  a: number;
  b: number;
  latestVersion: number;
  t: ScenariosT;
}) {
  const versions = Array.from({ length: latestVersion }, (_, i) => latestVersion - i);
  const choice = (id: string, field: "a" | "b", label: string, value: number) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-muted">
        {label}
      </label>
      <select id={id} name={field} defaultValue={value} className={`${inputClass} w-auto`}>
        {versions.map((v) => (
          <option key={v} value={v}>
            {t("manage.version", { version: v })}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section aria-labelledby="compare-heading" className="flex flex-col gap-3">
      <p>
        <Link href={base}>
          <span aria-hidden="true">← </span>
          {t("compare.back")}
        </Link>
      </p>
      <h1 id="compare-heading" className="text-3xl font-semibold tracking-tight break-words">
        {t("compare.heading", { name, a, b })}
      </h1>
      <form
        method="get"
        action={`${base}/compare`}
        className="flex flex-wrap items-end gap-3"
        data-testid="compare-picker"
      >
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">{t("compare.pickerLegend")}</legend>
          {choice("compare-a", "a", t("compare.from"), a)}
          {choice("compare-b", "b", t("compare.to"), b)}
        </fieldset>
        <button type="submit" className={`${smallButtonClass} min-h-10`}>
          {t("compare.submit")}
        </button>
      </form>
      {a === b ? (
        <p
          role="status"
          className="rounded-md border border-warn-fg/30 bg-warn-bg px-3 py-2 text-sm text-warn-fg"
        >
          {t("compare.sameVersion")}
        </p>
      ) : null}
    </section>
  );
}
