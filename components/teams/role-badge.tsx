// A member's role as a small label; the owner's stands out.
import type { TeamRole } from "@/generated/prisma/enums.ts";

export function RoleBadge({ role, label }: { role: TeamRole; label: string }) {
  return (
    <span
      data-testid="role-badge"
      data-role={role}
      className={
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap " +
        (role === "OWNER" ? "bg-accent-soft text-accent-strong" : "bg-surface-muted text-muted")
      }
    >
      {label}
    </span>
  );
}
