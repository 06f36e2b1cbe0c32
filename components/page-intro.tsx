// The top of a section page: its heading (the page's one h1) and the paragraph that says what
// the page is for, in a landmark named by the heading. Extra content (a call to action) goes
// under the paragraph.
import type { ReactNode } from "react";

export function PageIntro({
  id,
  title,
  intro,
  children,
}: {
  /** The heading's id; the section is labelled by it and tests find the page by it. */
  id: string;
  title: ReactNode;
  intro: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="max-w-3xl">
      <h1 id={id} className="text-3xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="mt-3 text-muted">{intro}</p>
      {children}
    </section>
  );
}
