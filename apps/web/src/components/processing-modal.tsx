"use client";

import { useCallback, useMemo, useState } from "react";
import type { Violation } from "@kindred/contracts";
import { LoadingSpinner } from "./loading-spinner";
import { Modal } from "./modal";

/**
 * SPEC.md section 2's processing modal: a title (Processing unless told), then a spinner while the
 * work goes on, and then either the answer's message or its list of errors. It can only be closed
 * once there is a message or an error to read; closing it (or `reset`) returns it to its defaults.
 */

const defaultProcessingTitle = "Processing";

export interface ProcessingState {
  open: boolean;
  title: string;
  message: string | null;
  /** Each shown as written; violations as SPEC.md section 8's "path: title". */
  errors: readonly string[];
}

const initialProcessingState: ProcessingState = {
  open: false,
  title: defaultProcessingTitle,
  message: null,
  errors: [],
};

function describe(error: string | Violation): string {
  return typeof error === "string" ? error : `${error.propertyPath}: ${error.title}`;
}

export interface ProcessingModalController {
  state: ProcessingState;
  /** Opens it with the spinner. */
  show: (title?: string) => void;
  /** Shows the answer's message (and opens it if it was not open). */
  succeed: (message: string) => void;
  /** Shows what went wrong: strings, or the violations from a failed request. */
  fail: (errors: readonly (string | Violation)[]) => void;
  /** Hides it and returns it to its defaults. */
  reset: () => void;
}

export function useProcessingModal(): ProcessingModalController {
  const [state, setState] = useState<ProcessingState>(initialProcessingState);
  const show = useCallback((title: string = defaultProcessingTitle) => {
    setState({ open: true, title, message: null, errors: [] });
  }, []);
  const succeed = useCallback((message: string) => {
    setState((current) => ({ ...current, open: true, message, errors: [] }));
  }, []);
  const fail = useCallback((errors: readonly (string | Violation)[]) => {
    setState((current) => ({ ...current, open: true, message: null, errors: errors.map(describe) }));
  }, []);
  const reset = useCallback(() => setState(initialProcessingState), []);
  return useMemo(() => ({ state, show, succeed, fail, reset }), [state, show, succeed, fail, reset]);
}

/** Shows a `useProcessingModal()` state; `onClose` is usually the controller's `reset`. */
export function ProcessingModal({ state, onClose }: { state: ProcessingState; onClose: () => void }) {
  const finished = state.message !== null || state.errors.length > 0;
  return (
    <Modal
      open={state.open}
      onClose={onClose}
      title={state.title}
      type="prompt"
      size="prompt"
      dismissible={finished}
    >
      {state.errors.length > 0 ? (
        <div className="error-box" role="alert">
          <ul className="error-box__list">
            {state.errors.map((error, index) => (
              <li key={`${index}-${error}`}>{error}</li>
            ))}
          </ul>
        </div>
      ) : state.message !== null ? (
        <div className="success-box" role="status">
          <p>{state.message}</p>
        </div>
      ) : (
        <LoadingSpinner label="Please wait, this may take a few seconds…" />
      )}
    </Modal>
  );
}
