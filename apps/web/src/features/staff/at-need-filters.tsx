"use client";

import { atNeedQueueStageLabels, atNeedQueueStages, type AtNeedQueueStage } from "@kindred/domain";
import { useState, type FormEvent } from "react";
import { SelectField } from "../../components/select-field";
import styles from "./staff.module.css";

/**
 * The at-need queue's filters (issue 50 item 8): which cases (every one still to act on, those not
 * matched to a plan, matched, waiting to be confirmed, confirmed, or closed as not ours), and how
 * long ago we were told, so the oldest reports can be worked first.
 */
export interface AtNeedFilterChoice {
  stage: AtNeedQueueStage;
  /** Told us at least this many days ago; "0" for any time. */
  olderThanDays: string;
}

export const everyOpenCase: AtNeedFilterChoice = { stage: "open", olderThanDays: "0" };

const ages = [
  { value: "1", label: "At least a day ago" },
  { value: "3", label: "At least 3 days ago" },
  { value: "7", label: "At least a week ago" },
  { value: "30", label: "At least 30 days ago" },
] as const;

/** The queue's address's filters: only those not left as they start, so every case asks for `?page=` alone. */
export function atNeedFilterQuery({ stage, olderThanDays }: AtNeedFilterChoice): Record<string, string> {
  return {
    ...(stage === everyOpenCase.stage ? {} : { stage }),
    ...(olderThanDays === everyOpenCase.olderThanDays ? {} : { olderThanDays }),
  };
}

const isStage = (value: string): value is AtNeedQueueStage =>
  (atNeedQueueStages as readonly string[]).includes(value);

export function AtNeedFilters({
  shown,
  onShow,
}: {
  shown: AtNeedFilterChoice;
  onShow: (choice: AtNeedFilterChoice) => void;
}) {
  const [choice, setChoice] = useState(shown);
  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onShow(choice);
  };
  return (
    <form role="search" aria-label="Filter the cases" onSubmit={show}>
      <SelectField
        id="at-need-stage"
        label="Show"
        options={atNeedQueueStages
          .filter((stage) => stage !== everyOpenCase.stage)
          .map((stage) => ({ value: stage, label: atNeedQueueStageLabels[stage] }))}
        placeholder={atNeedQueueStageLabels.open}
        placeholderValue={everyOpenCase.stage}
        value={choice.stage}
        onChange={(stage) => setChoice({ ...choice, stage: isStage(stage) ? stage : everyOpenCase.stage })}
      />
      <SelectField
        id="at-need-older-than"
        label="Told us"
        options={ages}
        placeholder="At any time"
        placeholderValue={everyOpenCase.olderThanDays}
        value={choice.olderThanDays}
        onChange={(olderThanDays) => setChoice({ ...choice, olderThanDays })}
      />
      <div className={styles.actions}>
        <button type="submit" className="button button--secondary">
          Show these cases
        </button>
      </div>
    </form>
  );
}
