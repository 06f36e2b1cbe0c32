// Deliberate refusals. Domain functions throw these; the operation runner turns them into a
// result the UI shows (never a 500). NOT_FOUND is also what a stranger gets for someone
// else's id: guessing ids tells nothing about what exists.
export type AccessCode = "SIGN_IN_REQUIRED" | "FORBIDDEN" | "NOT_FOUND";

export class AccessDenied extends Error {
  override name = "AccessDenied";
  constructor(
    readonly code: AccessCode,
    message = code,
  ) {
    super(message);
  }
}

/** Input that is well-formed but not acceptable (e.g. "the owner cannot leave"). */
export class InputRejected extends Error {
  override name = "InputRejected";
  constructor(
    readonly reason: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(reason);
  }
}

/** Another save got there first (optimistic concurrency). */
export class Conflict extends Error {
  override name = "Conflict";
  constructor(
    readonly reason: string,
    /** Facts the UI needs to resolve it (e.g. { latestVersion: 4 }). */
    readonly details?: Record<string, string | number>,
  ) {
    super(reason);
  }
}
