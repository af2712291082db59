"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import styles from "./modal.module.css";

/**
 * SPEC.md section 2's modal, over Radix Dialog (docs/decisions/011-web-plumbing.md): the page
 * behind is hidden from assistive technology and does not scroll, the dialog is named by its
 * title, it closes by Escape, a click outside the box or its Close button, and Tab stays inside.
 * What we add: our look, focus on the first control to fill in (or the title when there is none)
 * rather than on Close, and focus back to whatever opened it, which need not be a Radix trigger.
 *
 * It is controlled: closing asks the caller (`onClose`), and the caller sets `open` to false.
 */

type ModalType = "default" | "prompt" | "twin";
type ModalSize = "default" | "sign-in" | "prompt";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** twin: two columns side by side on wide screens (the children are the columns). */
  type?: ModalType;
  size?: ModalSize;
  /** False while something must finish first: no Close button, Escape and outside clicks do nothing. */
  dismissible?: boolean;
  /** Shown above the columns of a twin modal, across both. */
  intro?: ReactNode;
  /** The id of text that describes the dialog, read out with its title when it opens. */
  describedBy?: string;
  /**
   * False when closing puts something else in focus, such as a confirmation of what the dialog
   * did (FocusOnArrival): focus then stays there instead of going back to what opened the dialog.
   */
  returnFocus?: boolean;
  children: ReactNode;
}

const sizeClass: Record<ModalSize, string | undefined> = {
  default: undefined,
  "sign-in": styles.sizeSignIn,
  prompt: styles.sizePrompt,
};
const typeClass: Record<ModalType, string | undefined> = {
  default: undefined,
  prompt: styles.bodyPrompt,
  twin: styles.bodyTwin,
};

const tabbableSelector =
  "a[href], button:not([disabled]), input:not([disabled]):not([type='hidden']), select:not([disabled]), " +
  "textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";

/** The controls Tab reaches inside `root`, in document order (hidden ones left out). */
function tabbableWithin(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(tabbableSelector)).filter(
    (element) =>
      !element.closest("[hidden], [inert]") &&
      // jsdom has no layout, so it has no checkVisibility; every browser we support has.
      (typeof element.checkVisibility !== "function" || element.checkVisibility()),
  );
}

export function Modal({
  open,
  onClose,
  title,
  type = "default",
  size = "default",
  dismissible = true,
  intro,
  describedBy,
  returnFocus = true,
  children,
}: ModalProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Read when the box has gone: Radix calls the close handler of the last render it was shown in,
  // so `returnFocus` given in the render that closes it must reach the handler through a ref.
  const returnFocusNow = useRef(returnFocus);
  useEffect(() => {
    returnFocusNow.current = returnFocus;
  });

  const refuseWhileBusy = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };

  // Radix keeps Tab inside between the first and last controls; from the title (which takes focus
  // when there is nothing to fill in) Shift+Tab would leave, so it wraps round here as well.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Tab" || document.activeElement !== titleRef.current) return;
    const controls = tabbableWithin(contentRef.current);
    if (!event.shiftKey || controls.length === 0) return;
    event.preventDefault();
    controls[controls.length - 1]!.focus();
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && dismissible) onClose();
      }}
    >
      <Dialog.Portal>
        {/* The backdrop holds the box, so a press anywhere outside the box is on the backdrop. */}
        <Dialog.Overlay className={styles.overlay} data-modal-backdrop="">
          <Dialog.Content
            ref={contentRef}
            className={[styles.dialog, sizeClass[size]].filter(Boolean).join(" ")}
            aria-describedby={describedBy}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              (tabbableWithin(bodyRef.current)[0] ?? titleRef.current)?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (returnFocusNow.current && opener.current?.isConnected) opener.current.focus();
              opener.current = null;
            }}
            onEscapeKeyDown={refuseWhileBusy}
            onPointerDownOutside={refuseWhileBusy}
            onInteractOutside={refuseWhileBusy}
            onKeyDown={onKeyDown}
          >
            <div className={styles.box}>
              <div className={styles.header}>
                <Dialog.Title className={styles.title} ref={titleRef} tabIndex={-1}>
                  {title}
                </Dialog.Title>
                {dismissible ? (
                  <Dialog.Close className={`button button--secondary ${styles.close}`}>Close</Dialog.Close>
                ) : null}
              </div>
              <div className={styles.body} ref={bodyRef}>
                {intro}
                <div className={typeClass[type]}>{children}</div>
              </div>
            </div>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
