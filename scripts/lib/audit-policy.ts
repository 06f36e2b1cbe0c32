// The dependency-audit policy of CI (scripts/audit.ts), kept pure so it can be tested: fail on
// any high or critical advisory in production dependencies, unless audit-exceptions.json
// lists it with a reason and an expiry date. An audit endpoint that cannot be reached (this
// project's offline npm mirror answers 405) is reported as "unavailable" — see
// docs/security.md for that documented exception.

export interface AuditException {
  /** Advisory id (GHSA-…) or package name. */
  id: string;
  reason: string;
  /** YYYY-MM-DD: after this date the exception no longer applies. */
  expires: string;
}

export interface Finding {
  name: string;
  severity: string;
  advisories: string[];
  fixAvailable: boolean;
}

export type AuditVerdict =
  | { kind: "unavailable"; reason: string }
  | { kind: "passed"; findings: Finding[]; excepted: Finding[] }
  | { kind: "failed"; blocking: Finding[]; excepted: Finding[] };

const BLOCKING = new Set(["high", "critical"]);

interface NpmAuditJson {
  error?: { code?: string; summary?: string };
  message?: string;
  statusCode?: number;
  vulnerabilities?: Record<
    string,
    { name?: string; severity?: string; via?: unknown[]; fixAvailable?: unknown }
  >;
}

function advisoriesOf(via: unknown[] | undefined): string[] {
  const ids: string[] = [];
  for (const entry of via ?? []) {
    if (entry && typeof entry === "object" && "url" in entry && typeof entry.url === "string") {
      ids.push(entry.url.split("/").pop() ?? entry.url);
    } else if (typeof entry === "string") {
      ids.push(entry);
    }
  }
  return ids;
}

function isExcepted(finding: Finding, exceptions: AuditException[], today: string): boolean {
  return exceptions.some(
    (exception) =>
      exception.expires >= today &&
      (exception.id === finding.name || finding.advisories.includes(exception.id)),
  );
}

/** Decide from `npm audit --json` output (stdout text). */
export function judgeAudit(stdout: string, exceptions: AuditException[], today: string): AuditVerdict {
  let parsed: NpmAuditJson;
  try {
    parsed = JSON.parse(stdout) as NpmAuditJson;
  } catch {
    return { kind: "unavailable", reason: "npm audit printed no JSON report" };
  }
  if (!parsed.vulnerabilities) {
    const reason = parsed.message ?? parsed.error?.summary ?? parsed.error?.code ?? "no report";
    return { kind: "unavailable", reason: String(reason) };
  }
  const findings: Finding[] = Object.entries(parsed.vulnerabilities).map(([name, v]) => ({
    name: v.name ?? name,
    severity: v.severity ?? "unknown",
    advisories: advisoriesOf(v.via),
    fixAvailable: Boolean(v.fixAvailable),
  }));
  const serious = findings.filter((f) => BLOCKING.has(f.severity));
  const excepted = serious.filter((f) => isExcepted(f, exceptions, today));
  const blocking = serious.filter((f) => !isExcepted(f, exceptions, today));
  return blocking.length > 0
    ? { kind: "failed", blocking, excepted }
    : { kind: "passed", findings, excepted };
}
