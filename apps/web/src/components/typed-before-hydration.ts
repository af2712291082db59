import { useEffect, useRef } from "react";

type Box = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what a person typed into a box before the page came to life. A box drawn by the server
 * takes typing before the page hydrates, but nothing hears it: React leaves the text in the box
 * and the form's state empty, so the form said "This field is required" and its next render wiped
 * the box (seen on a slow machine at the back office's sign-in). Once, when the box is first on
 * the page, what it holds is given to the form as if typed then. A box drawn in the browser
 * already holds the form's value, so this changes nothing there.
 */
export function useTypedBeforeHydration<T extends Box>(value: string, onChange: (value: string) => void) {
  const box = useRef<T>(null);
  useEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Only the box's first moment counts: after it, every change is heard as it is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return box;
}
