// When a price counts as stale: older than GPU_SCOUT_STALE_AFTER_DAYS (default 90 days),
// overridable per request (staleAfterDays).
export const DEFAULT_STALE_AFTER_DAYS = (() => {
  const n = Number(process.env.GPU_SCOUT_STALE_AFTER_DAYS);
  return Number.isInteger(n) && n > 0 ? n : 90;
})();

export function staleCutoff(now: Date, days = DEFAULT_STALE_AFTER_DAYS): Date {
  return new Date(now.getTime() - days * 86_400_000);
}
