"use client";
// "Watch this scenario" on a saved scenario's report: the watch dialog with the scenario
// conditions (over budget, a cheaper complete option), for the scenario's team.
import { WatchDialog } from "@/components/watches/watch-dialog.tsx";

export function WatchScenarioButton(props: { scenarioId: string; teamId: string; scenarioName: string }) {
  return <WatchDialog target={{ kind: "scenario", ...props }} />;
}
