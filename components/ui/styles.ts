// UI primitives: the class names of the app's buttons and cards, shared by every area (the
// labelled input is components/ui/text-field.tsx).
export const primaryButtonClass =
  "inline-flex min-h-10 items-center justify-center rounded-md bg-accent px-4 py-2 font-medium text-accent-fg transition-opacity hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButtonClass =
  "inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-border bg-surface px-4 py-2 font-medium text-fg transition-colors hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60";

export const dangerButtonClass =
  "inline-flex min-h-10 items-center justify-center rounded-md bg-danger px-4 py-2 font-medium text-surface transition-opacity hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60";

export const smallButtonClass =
  "inline-flex min-h-9 items-center justify-center rounded-md border border-border bg-surface px-3 py-1 text-sm font-medium text-fg transition-colors hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60";

export const smallDangerButtonClass =
  "inline-flex min-h-9 items-center justify-center rounded-md border border-danger/50 bg-surface px-3 py-1 text-sm font-medium text-danger transition-colors hover:bg-danger/10 disabled:cursor-not-allowed disabled:opacity-60";

export const cardClass = "rounded-lg border border-border bg-surface p-5 sm:p-6";
