// What an anonymous visitor sees on a team page: why to sign in, and the way back here after.
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles.ts";
import Link from "@/components/intent-link.tsx";

export function SignInPrompt({
  title,
  body,
  signInLabel,
  signUpLabel,
  callbackPath,
}: {
  title: string;
  body: string;
  signInLabel: string;
  signUpLabel: string;
  callbackPath: string;
}) {
  const callback = encodeURIComponent(callbackPath);
  return (
    <section className="max-w-2xl" aria-labelledby="sign-in-prompt-heading" data-testid="sign-in-prompt">
      <h1 id="sign-in-prompt-heading" className="text-3xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="mt-3 text-muted">{body}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href={`/signin?callbackUrl=${callback}`} className={`${primaryButtonClass} no-underline`}>
          {signInLabel}
        </Link>
        <Link href={`/signup?callbackUrl=${callback}`} className={`${secondaryButtonClass} no-underline`}>
          {signUpLabel}
        </Link>
      </div>
    </section>
  );
}
