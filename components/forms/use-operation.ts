"use client";
// One way for forms to call a server action that answers an OperationResult: pending while it
// runs, the error when it is refused, and INTERNAL when the call itself fails (network, server
// restarting) — so no form forgets a case. Returns the result (a failed call as INTERNAL).
import { useCallback, useState } from "react";

import type { OperationError, OperationResult } from "@/server/access/operation.ts";

export function useOperation() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<OperationError | null>(null);

  const call = useCallback(
    async <O>(work: () => Promise<OperationResult<O>>): Promise<OperationResult<O>> => {
      setPending(true);
      setError(null);
      let result: OperationResult<O>;
      try {
        result = await work();
      } catch {
        result = { ok: false, error: { code: "INTERNAL" } };
      }
      if (!result.ok) setError(result.error);
      setPending(false);
      return result;
    },
    [],
  );

  return { pending, error, setError, call };
}
