"use client";
// The message for a failed operation (server/access/operation.ts), announced to screen
// readers. `reasons` maps REJECTED/CONFLICT reason codes to the area's own sentences.
import { useTranslations } from "next-intl";

import type { OperationError } from "@/server/access/operation.ts";

export function OperationErrorMessage({
  error,
  reasons,
  id,
}: {
  error: OperationError | null | undefined;
  reasons?: Record<string, string>;
  id?: string;
}) {
  const t = useTranslations("operationError");
  if (!error) return null;
  const text = (error.reason && reasons?.[error.reason]) || t(error.code);
  return (
    <p
      id={id}
      role="alert"
      className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
    >
      {text}
    </p>
  );
}
