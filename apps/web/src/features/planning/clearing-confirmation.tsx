"use client";

import { journeyStepLabels, type JourneyStepHandle } from "@kindred/domain";
import { Modal } from "../../components/modal";

/** "Start again?": which answers a choice would clear, and the person's yes or no. */
export default function ClearingConfirmation({
  choice,
  steps,
  onConfirm,
  onCancel,
}: {
  choice: string;
  steps: readonly JourneyStepHandle[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open onClose={onCancel} title="This will clear some of your answers" describedBy="clearing-what">
      <p id="clearing-what">
        If you choose {choice}, the answers you have given to these questions will be cleared, and you will
        need to answer them again:
      </p>
      <ul>
        {steps.map((handle) => (
          <li key={handle}>{journeyStepLabels[handle]}</li>
        ))}
      </ul>
      <div className="button-group">
        <button type="button" className="button" onClick={onConfirm}>
          Yes, choose {choice}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          No, keep my answers
        </button>
      </div>
    </Modal>
  );
}
