// True once React has hydrated in the browser. The account forms submit through JavaScript
// (next-auth's client); their buttons stay disabled until then, so an early click cannot
// fall back to a plain form submission.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
