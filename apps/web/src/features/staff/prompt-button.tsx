"use client";

import { useState, type ReactNode } from "react";
import { Modal } from "../../components/modal";

/**
 * A back-office action that asks for something first (a reason, a reference, an outcome): the
 * button, and the dialog it opens with the form, which closes it once done.
 */
export function PromptButton({
  label,
  title,
  children,
}: {
  label: string;
  title: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {label}
      </button>
      <Modal open={open} onClose={close} title={title} type="prompt" size="prompt">
        {children(close)}
      </Modal>
    </>
  );
}
