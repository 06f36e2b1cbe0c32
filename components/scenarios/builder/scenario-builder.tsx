"use client";
// The scenario builder: the form (workload, data & storage, pricing & risk, offers) on one
// side and the results on the other, recomputed 400 ms after the last edit (answers that
// arrive out of order are ignored; the previous results stay, dimmed, while recomputing). An
// edit that keeps the offers, currency, rate and workload is priced in the browser at once, with
// the context of the server's last answer, and the server's answer then replaces it.
// New scenarios keep a local draft; saved ones save versions with a conflict dialog.
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";

import { computeScenario } from "@/app/scenarios/actions.ts";
import { ScenarioCharts } from "@/components/scenarios/charts/scenario-charts.tsx";
import {
  useScenarioTranslator,
  type ScenarioClientProps,
  type ScenarioTranslator,
} from "@/components/scenarios/translator.ts";
import { smallButtonClass } from "@/components/ui/styles.ts";
import type { OperationError } from "@/server/access/operation.ts";
import { costUnitOf } from "@/lib/scenarios/cost-unit.ts";
import {
  DRAFT_STORAGE_KEY,
  serverFieldIssues,
  SIZING_DEFAULT_HOURS,
  type FieldIssues,
  initialNoticeRole,
  type InitialNotice,
} from "@/lib/scenarios/builder-state.ts";
import type { PricingContext } from "@/lib/scenarios/price.ts";
import { defaultScenarioDocument } from "@/lib/scenarios/document-core.ts";
import type { ScenarioDocumentInput } from "@/lib/scenarios/document.ts";
import type { ScenarioOfferInfo, ScenarioResult } from "@/lib/scenarios/result.ts";

import { ActionsBar } from "./actions-bar.tsx";
import { loadedEngine, loadEngine, type BuilderEngine } from "./engine.ts";
import { DataStorageSection, PricingRiskSection } from "./costs-sections.tsx";
import { FieldContext, type BuilderFieldContext } from "./fields.tsx";
import { OffersSection } from "./offers-section.tsx";
import { ResultsTable } from "./results-panel.tsx";
import { SaveNewForm, SaveVersionForm, type SavedScenarioInfo } from "./save-forms.tsx";
import type { ShortlistChoice, TeamChoice, UpdateDocument } from "./types.ts";
import { WorkloadSection } from "./workload-section.tsx";

export type BuilderMode =
  | { kind: "new"; seeded: boolean; notice: InitialNotice; signedIn: boolean; teams: TeamChoice[] }
  | ({ kind: "saved" } & SavedScenarioInfo);

const COMPUTE_DEBOUNCE_MS = 400;
const DRAFT_DEBOUNCE_MS = 600;

interface StoredDraft {
  document: unknown;
  savedAt: string;
}

/** "tco.*" keys read the tco namespace; every other key the builder's own. */
function useBuilderTranslator(clientProps: ScenarioClientProps): ScenarioTranslator {
  const own = useScenarioTranslator(clientProps, "scenarioBuilder");
  const tco = useScenarioTranslator(clientProps, "tco");
  return useMemo<ScenarioTranslator>(
    () => (key, values) => (key.startsWith("tco.") ? tco(key.slice(4), values) : own(key, values)),
    [own, tco],
  );
}

export function ScenarioBuilder({
  clientProps,
  mode,
  initialDocument,
  initialResult,
  initialIssues = null,
  initialContext = null,
  shortlists,
}: {
  /** Namespaces scenarioBuilder, tco, scenarioReport and charts. */
  clientProps: ScenarioClientProps;
  mode: BuilderMode;
  initialDocument: ScenarioDocumentInput;
  /** A saved version's stored result: shown at once, no recomputation until an edit. */
  initialResult: ScenarioResult | null;
  /**
   * The initial document's validation errors, found on the server (a new scenario without
   * offers): shown at once, and the engine is not needed until the user does something.
   */
  initialIssues?: FieldIssues | null;
  /** The context the page priced initialResult in: the first edit that keeps it is priced here at once. */
  initialContext?: PricingContext | null;
  /** Signed in: the shortlists whose offers can be added. */
  shortlists: ShortlistChoice[] | null;
}) {
  const t = useBuilderTranslator(clientProps);
  const locale = clientProps.locale;
  const [document, setDocument] = useState<ScenarioDocumentInput>(initialDocument);
  const [result, setResult] = useState<ScenarioResult | null>(initialResult);
  const [computing, setComputing] = useState(false);
  const [computeError, setComputeError] = useState<OperationError | null>(null);
  const [issues, setIssues] = useState<FieldIssues>(initialIssues ?? {});
  const [resumedAt, setResumedAt] = useState<string | null>(null);
  // Rows past the first 40 come without explanations: "Why?" on one asks for it (at most 20).
  const [explainKeys, setExplainKeys] = useState<string[]>([]);
  const explain = useCallback(
    (key: string) => setExplainKeys((keys) => (keys.includes(key) ? keys : [...keys, key].slice(-20))),
    [],
  );
  const requestRef = useRef(0);
  // The context (offers, rate, workload) the server last priced in: an edit that keeps it is
  // priced here at once by the same pure function (lib/scenarios/price.ts), then confirmed.
  const contextRef = useRef<PricingContext | null>(initialContext);
  const skipCompute = useRef(initialResult !== null || initialIssues !== null);
  const draftReady = useRef(mode.kind !== "new" || mode.seeded);

  // The user has edited: a draft that finishes loading after that does not replace the edit.
  const edited = useRef(false);
  const update = useCallback<UpdateDocument>((edit) => {
    edited.current = true;
    setDocument((d) => edit(d));
  }, []);

  // The page arrived with its result or its errors: the engine (validation, instant totals)
  // loads when the user first points, types or tabs, ahead of the edit that needs it.
  useEffect(() => {
    const events = ["pointerdown", "keydown", "focusin"] as const;
    const load = () => {
      for (const event of events) window.removeEventListener(event, load, true);
      loadEngine().catch(() => {
        // Retried by the edit that needs it, which says so if it fails again.
      });
    };
    for (const event of events) window.addEventListener(event, load, { capture: true, passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, load, true);
    };
  }, []);

  // Resume the local draft of a new scenario opened without a link that says what to start from
  // (checked with the document schema, which loads with the engine).
  useEffect(() => {
    if (mode.kind !== "new" || mode.seeded) return;
    let stored: StoredDraft | null = null;
    try {
      const raw = window.localStorage.getItem(DRAFT_STORAGE_KEY);
      stored = raw ? (JSON.parse(raw) as StoredDraft) : null;
    } catch {
      // Unreadable storage or junk in it: start from the default.
    }
    if (!stored) {
      draftReady.current = true;
      return;
    }
    const draft = stored;
    void loadEngine()
      .then((engine) => {
        const parsed = engine.scenarioDocumentSchema.safeParse(draft.document);
        if (parsed.success && !edited.current) {
          setDocument(parsed.data);
          setResumedAt(draft.savedAt);
        }
      })
      .catch(() => {
        // The engine did not load (offline): the stored draft stays for the next visit.
      })
      .finally(() => {
        draftReady.current = true;
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  // Autosave the new scenario's draft.
  useEffect(() => {
    if (mode.kind !== "new" || !draftReady.current) return;
    const timer = window.setTimeout(() => {
      try {
        const draft: StoredDraft = { document, savedAt: new Date().toISOString() };
        window.localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
      } catch {
        // Storage full or disabled: the draft is simply not kept.
      }
    }, DRAFT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [document, mode.kind]);

  // Recompute 400 ms after the last edit; only the latest request's answer is shown. The
  // document is validated (and, in the server's last context, priced) by the engine: at once
  // when it has loaded, else as soon as it has.
  useEffect(() => {
    if (skipCompute.current) {
      skipCompute.current = false;
      return;
    }
    const id = ++requestRef.current;
    let timer: number | undefined;
    let stale = false;
    const run = (engine: BuilderEngine) => {
      if (stale) return;
      const validated = engine.validateDocument(document);
      if (!validated.ok) {
        setIssues(validated.issues);
        setComputing(false);
        return;
      }
      setIssues({});
      const context = contextRef.current;
      let priced = false;
      if (context && context.key === engine.contextKey(validated.document)) {
        try {
          setResult(
            engine.priceWithContext(validated.document, context, { explainKeys })(
              locale === "zh-CN" ? "zh-CN" : "en",
            ),
          );
          setComputeError(null);
          priced = true;
        } catch {
          // The server's answer, a moment later, says what went wrong.
        }
      }
      setComputing(!priced);
      timer = window.setTimeout(() => {
        void (async () => {
          let answer: Awaited<ReturnType<typeof computeScenario>>;
          try {
            answer = await computeScenario({
              document: validated.document,
              locale,
              ...(explainKeys.length > 0 ? { explainKeys } : {}),
            });
          } catch {
            answer = { ok: false, error: { code: "INTERNAL" } };
          }
          if (id !== requestRef.current) return;
          setComputing(false);
          if (answer.ok) {
            const { context: answered, ...authoritative } = answer.data;
            contextRef.current = answered;
            setResult(authoritative);
            setComputeError(null);
          } else {
            setComputeError(answer.error);
            if (answer.error.fieldErrors) setIssues(serverFieldIssues(answer.error.fieldErrors));
          }
        })();
      }, COMPUTE_DEBOUNCE_MS);
    };
    const ready = loadedEngine();
    if (ready) run(ready);
    else {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the engine is still loading
      setComputing(true);
      loadEngine().then(run, () => {
        if (stale) return;
        setComputing(false);
        setComputeError({ code: "INTERNAL" });
      });
    }
    return () => {
      // A later edit (or unmount) makes this run stale: its engine callback returns at once.
      stale = true;
      window.clearTimeout(timer);
    };
  }, [document, locale, explainKeys]);

  const fieldContext = useMemo<BuilderFieldContext>(() => ({ t, locale, issues }), [t, locale, issues]);
  const offerInfo = useMemo(() => {
    const map = new Map<string, ScenarioOfferInfo>();
    for (const offer of result?.offers ?? []) map.set(offer.id, offer);
    return map;
  }, [result]);

  const issueCount = Object.keys(issues).length;
  const noOffers = document.offers.length === 0;
  const blockingIssues = issueCount > 0 && !(noOffers && issueCount === 1 && issues.offers);

  function startOver() {
    try {
      window.localStorage.removeItem(DRAFT_STORAGE_KEY);
    } catch {
      // nothing kept anyway
    }
    setResumedAt(null);
    setResult(null);
    setDocument(defaultScenarioDocument([]));
  }

  return (
    <FieldContext value={fieldContext}>
      <div className="flex flex-col gap-6" data-testid="scenario-builder">
        {mode.kind === "new" && mode.notice ? (
          <p
            role={initialNoticeRole(mode.notice)}
            className="rounded-md bg-warn-bg px-3 py-2 text-sm text-warn-fg print:hidden"
            data-testid="builder-notice"
          >
            {t(`notices.${mode.notice}`, {
              hours:
                mode.notice === "sizing_hours_training"
                  ? SIZING_DEFAULT_HOURS.training
                  : SIZING_DEFAULT_HOURS.inference,
            })}
          </p>
        ) : null}
        {resumedAt ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-surface px-3 py-2 text-sm print:hidden">
            <p>
              {t("notices.resumed", {
                when: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
                  new Date(resumedAt),
                ),
              })}
            </p>
            <button type="button" className={smallButtonClass} onClick={startOver}>
              {t("notices.startOver")}
            </button>
          </div>
        ) : null}

        <p className="lg:hidden print:hidden">
          <a href="#scenario-results-heading">{t("jumpToResults")}</a>
        </p>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
          <div className="flex min-w-0 flex-col gap-6 print:hidden" role="group" aria-label={t("formLabel")}>
            {/* One render with the page, not four Suspense boundaries: React streams boundaries
                this large after the shell, so the results and the footer painted first and were
                pushed ~4,000 px down on a phone when the form arrived (Lighthouse CLS 0.22–0.33).
                The boundaries had been added for hydration to yield between sections when the
                empty builder's TBT was ~1.3 s; docs/performance.md has it measured without. */}
            <WorkloadSection document={document} update={update} />
            <DataStorageSection document={document} update={update} />
            <PricingRiskSection document={document} update={update} />
            <OffersSection
              document={document}
              update={update}
              offerInfo={offerInfo}
              shortlists={shortlists}
            />
          </div>

          <section className="flex min-w-0 flex-col gap-6" aria-labelledby="scenario-results-heading">
            <div className="flex flex-col gap-3 print:hidden">
              {mode.kind === "new" ? (
                <SaveNewForm
                  signedIn={mode.signedIn}
                  teams={mode.teams}
                  document={document}
                  onSaved={() => {
                    try {
                      window.localStorage.removeItem(DRAFT_STORAGE_KEY);
                    } catch {
                      // nothing kept anyway
                    }
                  }}
                />
              ) : (
                <SaveVersionForm info={mode} document={document} setDocument={setDocument} />
              )}
              <ActionsBar
                document={document}
                result={result}
                name={mode.kind === "saved" ? mode.name : undefined}
                onImport={(doc) => setDocument(doc)}
              />
            </div>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="scenario-results-heading" className="text-xl font-semibold">
                {t("results.heading")}
              </h2>
              {computing ? (
                <p className="text-sm text-muted" data-testid="recalculating">
                  <span aria-hidden="true" className="mr-1 inline-block animate-spin">
                    ⟳
                  </span>
                  {t("results.recalculating")}
                </p>
              ) : null}
            </div>
            <div
              aria-live="polite"
              aria-busy={computing}
              data-testid="scenario-results"
              className={"flex min-w-0 flex-col gap-6 transition-opacity " + (computing ? "opacity-60" : "")}
            >
              {blockingIssues ? (
                <div
                  role="alert"
                  className="rounded-md bg-warn-bg px-3 py-2 text-sm text-warn-fg print:hidden"
                >
                  <p className="font-semibold">{t("results.fixHeading", { count: issueCount })}</p>
                  <ul className="mt-1 list-disc pl-5">
                    {Object.keys(issues)
                      .slice(0, 6)
                      .map((path) => (
                        <li key={path}>{t("results.fixField", { field: fieldName(t, path) })}</li>
                      ))}
                  </ul>
                </div>
              ) : null}
              {computeError && !blockingIssues ? (
                <p
                  role="alert"
                  className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
                >
                  {computeError.code === "INVALID_INPUT"
                    ? t("results.invalid")
                    : computeError.code === "INTERNAL"
                      ? t("results.computeFailed")
                      : t("results.computeRefused")}
                </p>
              ) : null}
              {noOffers ? (
                <p className="rounded-md border border-dashed border-border px-3 py-6 text-center text-sm text-muted">
                  {t("results.noOffers")}
                </p>
              ) : result ? (
                <>
                  <ResultsTable
                    result={result}
                    costUnit={costUnitOf(document, result.workload)}
                    t={t}
                    locale={locale}
                    onExplain={explain}
                  />
                  <Suspense fallback={null}>
                    <ScenarioCharts result={result} clientProps={clientProps} />
                  </Suspense>
                </>
              ) : !computeError && !blockingIssues ? (
                <div className="flex flex-col gap-2" aria-hidden="true">
                  <div className="h-10 animate-pulse rounded bg-surface-muted" />
                  <div className="h-48 animate-pulse rounded bg-surface-muted" />
                </div>
              ) : null}
            </div>
          </section>
        </div>
      </div>
    </FieldContext>
  );
}

const FIELD_KEYS: Record<string, string> = {
  offers: "fieldNames.offers",
  pricingModels: "fieldNames.pricingModels",
  budget: "pricing.budget",
  unitLabel: "workload.unitLabel",
  "workload.sizing": "workload.sizingQuery",
  "spot.interruptionsPerHour": "pricing.interruptionsPerHour",
  "spot.mtbfHours": "pricing.mtbfHours",
  "spot.checkpointMinutes": "pricing.checkpointMinutes",
  "spot.restartMinutes": "pricing.restartMinutes",
  "spot.checkpointIntervalMinutes": "pricing.checkpointInterval",
  "other.taxPercent": "pricing.taxPercent",
  "commitment.utilisationPercent": "pricing.commitmentUtilisation",
  "sla.delayCostPerHour": "pricing.delayCost",
  "sla.availabilityPercent": "pricing.availability",
};
const WORKLOAD_FIELDS = new Set([
  "steps",
  "secondsPerStep",
  "gpuHours",
  "scalingEfficiency",
  "instanceHours",
  "parameters",
  "tokens",
  "method",
  "mfu",
  "bootMinutes",
  "setupMinutes",
  "unitsOfWork",
]);
const DATA_FIELDS = new Set([
  "uploadGb",
  "egressGb",
  "uploadMbps",
  "downloadMbps",
  "blockGb",
  "objectGb",
  "snapshotGb",
  "retentionMonths",
  "blockMonths",
  "objectMonths",
  "snapshotMonths",
]);

/** "workload.tokens" → the field's label; offers.N.… → "Offer N+1: …". */
function fieldName(t: ScenarioTranslator, path: string): string {
  const offer = /^offers\.(\d+)\.?(.*)$/.exec(path);
  if (offer) return t("fieldNames.offer", { n: Number(offer[1]) + 1, field: offer[2] || "—" });
  const known = FIELD_KEYS[path];
  if (known) return t(known);
  const [group, key] = path.split(".");
  if (group === "workload" && key && WORKLOAD_FIELDS.has(key)) return t(`workload.${key}`);
  if ((group === "data" || group === "storage") && key && DATA_FIELDS.has(key)) return t(`data.${key}`);
  return path;
}
