// Placeholder: filled by the shortlists/operations.ts work.
import "server-only";

export const shortlistOperations = {};
