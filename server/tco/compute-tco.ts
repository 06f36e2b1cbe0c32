// The TCO entry point shared by the API route and the server action: validated request in,
// response out; a request naming unknown offers becomes a deliberate API error.
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { ApiError } from "../api/route-handler.ts";
import type { TcoRequest, TcoResponse } from "../../lib/tco/api-schema.ts";
import { runTco, TcoInputError } from "./run-tco.ts";

export async function computeTco(request: TcoRequest, db?: PrismaClient): Promise<TcoResponse> {
  try {
    return await runTco(request, db);
  } catch (error) {
    if (error instanceof TcoInputError) {
      throw new ApiError(
        error.status,
        error.status === 404 ? "not_found" : "invalid_input",
        error.message,
        error.fieldErrors,
      );
    }
    throw error;
  }
}
