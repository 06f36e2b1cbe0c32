// A full-page notice (no access, link no longer valid): a heading, what happened and what to
// do, and one way on. Reveals nothing about the shortlist it stands in for.
import Link from "@/components/intent-link.tsx";

export function NoticePage({
  title,
  body,
  linkHref,
  linkLabel,
  testId,
}: {
  title: string;
  body: string;
  linkHref: string;
  linkLabel: string;
  testId: string;
}) {
  return (
    <section className="max-w-2xl" aria-labelledby="notice-heading" data-testid={testId}>
      <h1 id="notice-heading" className="text-3xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="mt-3 text-muted">{body}</p>
      <p className="mt-6">
        <Link href={linkHref}>{linkLabel}</Link>
      </p>
    </section>
  );
}
