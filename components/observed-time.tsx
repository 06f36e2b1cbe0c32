// An observation date as a <time> element, or "date unknown" as plain text when no source stated
// it (lib/catalog/quality-rules.ts isDateUnknown): a <time> whose dateTime is not a date is wrong
// for every machine that reads it. `children` is what a dated observation shows (a date, an age,
// "date · age"); an undated one shows the words once, whatever the children would have said.
import type { ReactNode } from "react";

import { isDateUnknown } from "@/lib/catalog/quality-rules.ts";
import { dateUnknownText, formatIsoDate } from "@/lib/format/date.ts";

export function ObservedTime({
  at,
  locale,
  className,
  title,
  children,
}: {
  at: Date | string;
  locale: string;
  className?: string;
  /** The full date on hover, for a dated observation shown by its age. */
  title?: string;
  children: ReactNode;
}) {
  if (isDateUnknown(at))
    return (
      <span className={className} data-testid="date-unknown">
        {dateUnknownText(locale)}
      </span>
    );
  return (
    <time dateTime={formatIsoDate(at)} className={className} title={title}>
      {children}
    </time>
  );
}
