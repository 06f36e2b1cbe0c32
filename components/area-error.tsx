"use client";
// The error state of an area whose data could not be loaded (the database is busy or away).
// Focus moves to the message so keyboard and screen-reader users learn what happened; the
// area's error.tsx passes its own words (its namespace stays a literal the client-messages
// test can see).
import { useEffect, useRef } from "react";

export function AreaError({
  error,
  retry,
  title,
  body,
  retryLabel,
}: {
  error: unknown;
  retry: () => void;
  title: string;
  body: string;
  retryLabel: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    console.error(error);
    headingRef.current?.focus();
  }, [error]);
  return (
    <div role="alert" className="max-w-2xl">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
        {title}
      </h1>
      <p className="mt-3 text-muted">{body}</p>
      <button
        type="button"
        onClick={() => retry()}
        className="mt-6 rounded-md bg-accent px-4 py-2 font-medium text-accent-fg hover:opacity-90"
      >
        {retryLabel}
      </button>
    </div>
  );
}
