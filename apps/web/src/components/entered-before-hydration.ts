import { useEffect, useRef, type RefObject } from "react";

type Box = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether a box is ticked rather than typed into: a checkbox or a radio button. */
function isTickBox(box: Box): box is HTMLInputElement {
  return box instanceof HTMLInputElement && (box.type === "checkbox" || box.type === "radio");
}

/**
 * Keeps what a person entered into a field before the page came to life: text typed into a box,
 * a choice made in a list, a checkbox or radio button ticked. A field drawn by the server takes
 * input before the page hydrates, but nothing hears it: React leaves the box as the person left
 * it and the form's state empty, so the form said "This field is required" and its next render
 * wiped the text or unticked the choice (seen on a slow machine at the back office's sign-in, and
 * on a slowed phone's journey steps: an answer tapped early shown ticked, then wiped). Once, when
 * the field is first on the page, what it holds is given to the form as if entered then. A field
 * drawn in the browser already holds the form's value, so this changes nothing there.
 *
 * The one mechanism for every field: a text box, text area or list gives its value (`held` is
 * the form's text); a checkbox or radio button gives whether it is ticked (`held` is whether the
 * form has it ticked). A radio button whose group's choice moved elsewhere is told `false`.
 */
export function useEnteredBeforeHydration<T extends Box>(
  held: string,
  onEntered: (entered: string) => void,
): RefObject<T | null>;
export function useEnteredBeforeHydration<T extends HTMLInputElement>(
  held: boolean,
  onEntered: (entered: boolean) => void,
): RefObject<T | null>;
export function useEnteredBeforeHydration<T extends Box>(
  held: string | boolean,
  onEntered: ((entered: string) => void) | ((entered: boolean) => void),
): RefObject<T | null> {
  const box = useRef<T>(null);
  useEffect(() => {
    const field = box.current;
    if (!field) return;
    const entered = isTickBox(field) ? field.checked : field.value;
    if (entered !== held) (onEntered as (entered: string | boolean) => void)(entered);
    // Only the field's first moment counts: after it, every change is heard as it is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return box;
}
