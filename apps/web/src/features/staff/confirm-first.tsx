"use client";

import { useRef, useState, type ReactNode } from "react";
import { Modal } from "../../components/modal";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import styles from "./staff.module.css";

/**
 * Runs an action unless one is already running: set at once on the first press, so a second press
 * before the button shows it is busy sends nothing. Says whether one is running, and the last
 * failure (cleared by the next run).
 */
export function useOneAtATime() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  async function run(action: () => Promise<void>, onFailure: (error: unknown) => void = setFailed) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailed(null);
    try {
      await action();
    } catch (error) {
      onFailure(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  return { run, busy, failed };
}

export interface ConfirmFirstProps {
  /** The button that opens the question, and the one in it that does the action. */
  label: string;
  /** What the button in the question says while the action runs. */
  busyLabel: string;
  /** The question, as the dialog's title. */
  question: string;
  /** What pressing the button does, said before it is pressed. */
  explanation: ReactNode;
  /** The heading of a refusal, said in the API's words below it. */
  failureTitle: string;
  /** A unique id for the explanation (the dialog is described by it). */
  id: string;
  /** The action; the dialog closes once it is done, and stays open with the refusal if refused. */
  onConfirm: () => Promise<void>;
}

/**
 * A staff action that is asked about first, in a dialog: one press sends once (a double click or
 * an impatient second press does nothing while the first runs), and a refusal is said in the
 * API's words, in the dialog.
 */
export function ConfirmFirst({
  label,
  busyLabel,
  question,
  explanation,
  failureTitle,
  id,
  onConfirm,
}: ConfirmFirstProps) {
  const [asking, setAsking] = useState(false);
  const { run, busy, failed } = useOneAtATime();
  const confirm = () =>
    run(async () => {
      await onConfirm();
      setAsking(false);
    });

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
        {label}
      </button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={question}
        type="prompt"
        size="prompt"
        dismissible={!busy}
        describedBy={id}
      >
        <p id={id}>{explanation}</p>
        {failed !== null ? <ViolationsBox title={failureTitle} violations={violationsOf(failed)} /> : null}
        <div className={styles.actions}>
          <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
            {busy ? busyLabel : label}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </div>
      </Modal>
    </>
  );
}
