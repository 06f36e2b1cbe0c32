// The password rules (lib/auth/password-rules.ts, the same ones the server enforces), each
// marked met or not while the user types. Polite live region: changes are announced
// without interrupting typing.
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-rules.ts";

import type { AccountTranslator } from "./translator.ts";

export function PasswordChecklist({
  id,
  password,
  email,
  t,
}: {
  id: string;
  password: string;
  email: string;
  t: AccountTranslator;
}) {
  const checks = checkPassword(password, email);
  return (
    <div id={id} className="mt-1 rounded-md bg-surface-muted px-3 py-2 text-sm" data-testid="password-rules">
      <p className="font-medium">{t("password.heading")}</p>
      <ul aria-live="polite" className="mt-1 flex flex-col gap-0.5">
        {checks.map((check) => (
          <li
            key={check.rule}
            data-testid={`rule-${check.rule}`}
            data-met={check.ok}
            className={"flex items-start gap-2 " + (check.ok ? "text-accent-strong" : "text-muted")}
          >
            <span aria-hidden="true" className="w-4 shrink-0 text-center font-bold">
              {check.ok ? "✓" : "○"}
            </span>
            <span>
              {t(`password.${check.rule}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
              <span className="sr-only"> — {check.ok ? t("password.met") : t("password.unmet")}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
