// Size limits on request bodies (see docs/security.md). proxy.ts refuses a declared
// Content-Length above the limit before any route runs; route-handler.ts also stops reading a
// body (chunked, or with a false length) once it passes the limit.

/** Largest JSON body an API route accepts (the pasted nvidia-smi text of /api/v1/hardware/verify is the biggest real one). */
export const API_BODY_LIMIT_BYTES = 1_000_000;

/** Largest server-action body (next.config.ts serverActions.bodySizeLimit "5mb"): a catalog file
 *  of at most 4 MB uploaded by an editor is the biggest real one. */
export const ACTION_BODY_LIMIT_BYTES = 5_000_000;
