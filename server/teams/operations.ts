// Placeholder: filled by the teams/operations.ts work.
import "server-only";

export const teamOperations = {};
