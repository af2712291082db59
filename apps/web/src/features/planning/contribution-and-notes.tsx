"use client";

import { useRef, useState } from "react";
import { defaultContribution } from "@kindred/domain";
import { MoneyField } from "../../components/money-field";
import { TextAreaField } from "../../components/text-area-field";

/** Notes with money set aside, as the journey stores them (the amount in pounds, as typed). */
export interface NotesAndContribution {
  notes: string;
  contribution: string;
}

export const noContribution: NotesAndContribution = { notes: "", contribution: defaultContribution };

const contributionFieldId = (idPrefix: string) => `${idPrefix}-contribution`;
const notesFieldId = (idPrefix: string) => `${idPrefix}-notes`;

/**
 * A notes box and, under it, money the person may set aside (not guaranteed, held for their
 * loved ones). An untouched amount ("0") shows as an empty box, so nobody has to delete a nought
 * before typing; an emptied box is stored as "0" again.
 */
export function ContributionAndNotes({
  idPrefix,
  value,
  onChange,
  errorFor,
  notesLabel,
  notesHint,
  contributionLabel,
}: {
  idPrefix: string;
  value: NotesAndContribution;
  onChange: (next: NotesAndContribution) => void;
  errorFor: (fieldId: string) => string | undefined;
  notesLabel: string;
  notesHint?: string;
  contributionLabel: string;
}) {
  const [typedAmount, setTypedAmount] = useState(() =>
    value.contribution === defaultContribution ? "" : value.contribution,
  );
  const moneyNeedsNotes = "If you set money aside below, tell us here what it is for.";
  return (
    <>
      <TextAreaField
        id={notesFieldId(idPrefix)}
        label={notesLabel}
        hint={notesHint ? `${notesHint} ${moneyNeedsNotes}` : moneyNeedsNotes}
        value={value.notes}
        onChange={(notes) => onChange({ ...value, notes })}
        error={errorFor(notesFieldId(idPrefix))}
      />
      <MoneyField
        id={contributionFieldId(idPrefix)}
        label={contributionLabel}
        hint={
          "This money is held for your loved ones to put towards it. Unlike the rest of your plan, " +
          "contributions are not guaranteed, so they may not cover the full cost in future."
        }
        value={typedAmount}
        onChange={(typed) => {
          setTypedAmount(typed);
          onChange({ ...value, contribution: typed.trim() === "" ? defaultContribution : typed });
        }}
        error={errorFor(contributionFieldId(idPrefix))}
      />
    </>
  );
}

/**
 * Remembers notes and money while the person tries another option during this visit, so that
 * coming back to "nominating my own" brings back what they typed instead of losing it. What
 * is stored meanwhile holds neither: hidden notes would otherwise reach the summary.
 */
export function useSetAside() {
  const kept = useRef<NotesAndContribution>(noContribution);
  return {
    keep(value: NotesAndContribution) {
      kept.current = { notes: value.notes, contribution: value.contribution };
    },
    restore(): NotesAndContribution {
      return kept.current;
    },
  };
}
