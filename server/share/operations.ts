// Placeholder: filled by the share/operations.ts work.
import "server-only";

export const shareOperations = {};
