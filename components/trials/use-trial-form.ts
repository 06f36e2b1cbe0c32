// The trial form's state: the fields as typed, what was last saved, the imported probe, the
// errors (local number checks, then the server's field errors) and the save itself, which
// sends only what changed. Leaving the page with unsaved changes asks first.
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";

import { updateTrial } from "@/app/trials/actions.ts";
import { useOperation } from "@/components/forms/use-operation.ts";
import type { TrialView } from "@/lib/trials/views.ts";

import {
  changedFields,
  formKeyOf,
  fromForm,
  probeSummary,
  toForm,
  applyProbe,
  type FormKey,
  type FormState,
} from "./form-state.ts";
import type { ProbeImport } from "./probe-import.tsx";
import type { TrialsTranslator } from "./translator.ts";

/** A setter per field: `set("label")(value)`. */
export type FieldSetter = <K extends keyof FormState>(key: K) => (value: FormState[K]) => void;

export function useTrialForm(trial: TrialView, t: TrialsTranslator, readOnly: boolean) {
  const router = useRouter();
  const [form, setForm] = useState<FormState>(() => toForm(trial.fields));
  const [baseline, setBaseline] = useState<FormState>(() => toForm(trial.fields));
  const [probe, setProbe] = useState<Record<string, unknown> | null>(trial.fields.probe);
  const [baseProbe, setBaseProbe] = useState(trial.fields.probe);
  const [smiOutput, setSmiOutput] = useState("");
  const [status, setStatus] = useState("");
  const [localErrors, setLocalErrors] = useState<Partial<Record<FormKey, string>>>({});
  const save = useOperation();

  const parsed = useMemo(() => fromForm(form), [form]);
  const base = useMemo(() => fromForm(baseline).values, [baseline]);
  const changes = changedFields(parsed.values, base);
  const probeChanged = JSON.stringify(probe) !== JSON.stringify(baseProbe);
  const dirty = Object.keys(changes).length > 0 || probeChanged;

  useEffect(() => {
    if (!dirty || readOnly) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, readOnly]);

  const serverErrors: Partial<Record<FormKey, string>> = {};
  for (const [key, messages] of Object.entries(save.error?.fieldErrors ?? {})) {
    const formKey = formKeyOf(key);
    if (formKey && messages[0] && !serverErrors[formKey]) serverErrors[formKey] = messages[0];
  }
  const errorOf = (key: FormKey) => localErrors[key] ?? serverErrors[key];

  const set: FieldSetter = (key) => (value) => {
    setForm((f) => ({ ...f, [key]: value }));
    setStatus("");
  };

  async function onSave(event: React.FormEvent) {
    event.preventDefault();
    if (parsed.invalid.length > 0) {
      setLocalErrors(Object.fromEntries(parsed.invalid.map((k) => [k, t("form.invalidNumber")])));
      setStatus(t("form.fixErrors"));
      return;
    }
    setLocalErrors({});
    if (!dirty) {
      setStatus(t("form.noChanges"));
      return;
    }
    const fields = { ...changes, ...(probeChanged ? { probe } : {}) };
    const result = await save.call(() => updateTrial({ trialId: trial.id, fields }));
    if (result.ok) {
      setBaseline(form);
      setBaseProbe(probe);
      setStatus(t("form.saved"));
      router.refresh();
    } else {
      setStatus(result.error.fieldErrors ? t("form.fixErrors") : "");
    }
  }

  function onProbe(imported: ProbeImport) {
    setForm((f) => applyProbe(f, imported.fields));
    setProbe(probeSummary(imported.probe));
    if (imported.fields.nvidiaSmiOutput) setSmiOutput(imported.fields.nvidiaSmiOutput);
  }

  return { form, parsed, dirty, status, save, errorOf, set, onSave, onProbe, smiOutput, setSmiOutput };
}

export type TrialForm = ReturnType<typeof useTrialForm>;
