// Bounds of team inputs, shared by the zod schemas and the forms (no server-only code here,
// so client components may import it).
export const TEAM_NAME_MAX = 80;
export const INVITE_MAX_DAYS = 30;
export const INVITE_DEFAULT_DAYS = 7;
export const INVITE_MAX_USES = 100;
