"use client";

import type { InputHTMLAttributes } from "react";
import { useEnteredBeforeHydration } from "./entered-before-hydration";

/** An input's own attributes, but for what a choice input sets itself. */
type ChoiceInputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "checked" | "defaultChecked" | "onChange"
>;

/**
 * One radio button of a question, held by the form's answer: `onChoose` when it is chosen, also
 * when it was chosen before the page came to life (entered-before-hydration.ts).
 */
export function RadioInput({
  checked,
  onChoose,
  ...input
}: ChoiceInputAttributes & { checked: boolean; onChoose: () => void }) {
  const box = useEnteredBeforeHydration<HTMLInputElement>(checked, (chosen) => {
    if (chosen) onChoose();
  });
  return <input ref={box} type="radio" checked={checked} onChange={onChoose} {...input} />;
}

/**
 * A checkbox held by the form's answer: `onTick` with whether it is ticked, also when it was
 * ticked before the page came to life (entered-before-hydration.ts).
 */
export function CheckboxInput({
  checked,
  onTick,
  ...input
}: ChoiceInputAttributes & { checked: boolean; onTick: (ticked: boolean) => void }) {
  const box = useEnteredBeforeHydration<HTMLInputElement>(checked, onTick);
  return (
    <input
      ref={box}
      type="checkbox"
      checked={checked}
      onChange={(event) => onTick(event.target.checked)}
      {...input}
    />
  );
}
