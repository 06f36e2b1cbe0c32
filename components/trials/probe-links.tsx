// Where to get the probe script and how to run it (server or client; takes a translator).
export function ProbeLinks({ t, command }: { t: (key: string) => string; command?: string }) {
  return (
    <section aria-labelledby="probe-links-heading" className="rounded-lg border border-border bg-surface p-5">
      <h2 id="probe-links-heading" className="font-semibold">
        {t("probe.heading")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("probe.body")}</p>
      <p className="mt-2 flex flex-wrap gap-4 text-sm">
        <a href="/probe.sh" download data-testid="probe-download">
          {t("probe.download")}
        </a>
      </p>
      <p className="mt-2 text-xs text-muted">{t("probe.command")}</p>
      <pre className="relative mt-1 overflow-x-auto rounded-md bg-surface-muted p-2 text-xs">
        <code>{command ?? "bash probe.sh --out gpu-scout-probe.json"}</code>
      </pre>
    </section>
  );
}
