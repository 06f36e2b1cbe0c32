// The panel a signed-out visitor sees in place of an area's own content (scenarios, trials,
// catalog imports): why to sign in, and links that come back to this page afterwards. A page
// that is nothing but the prompt uses components/teams/sign-in-prompt.tsx instead.

import Link from "@/components/intent-link.tsx";

import { secondaryButtonClass } from "@/components/ui/styles.ts";

export function SignedOutPanel({
  note,
  signInLabel,
  signUpLabel,
  callbackPath,
  testId,
}: {
  note: string;
  signInLabel: string;
  /** Omitted where an account alone does not give access (catalog imports need an editor). */
  signUpLabel?: string;
  callbackPath: string;
  testId: string;
}) {
  const callback = encodeURIComponent(callbackPath);
  return (
    <section
      aria-label={signInLabel}
      className="flex max-w-3xl flex-col gap-3 rounded-lg border border-border bg-surface p-5 sm:p-6"
      data-testid={testId}
    >
      <p className="text-sm text-muted">{note}</p>
      <div className="flex flex-wrap gap-3">
        <Link href={`/signin?callbackUrl=${callback}`} className={`${secondaryButtonClass} no-underline`}>
          {signInLabel}
        </Link>
        {signUpLabel ? (
          <Link href={`/signup?callbackUrl=${callback}`} className="self-center text-sm">
            {signUpLabel}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
