import { useCallback, useEffect, useState } from "react";
import type { PlanOptionsResponse, Violation } from "@kindred/contracts";
import { loadPlanOptions } from "./plan-options";

export type PlanOptionsState =
  | { status: "loading" }
  | { status: "ready"; planOptions: PlanOptionsResponse }
  | { status: "failed"; violations: Violation[] };

/** The journey's plan options as they load, with a way to try again after a failure. */
export function usePlanOptions(): { state: PlanOptionsState; retry: () => void } {
  const [state, setState] = useState<PlanOptionsState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void loadPlanOptions().then((result) => {
      if (!current) return;
      setState(
        result.ok
          ? { status: "ready", planOptions: result.data }
          : { status: "failed", violations: result.data.violations },
      );
    });
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((count) => count + 1);
  }, []);

  return { state, retry };
}
