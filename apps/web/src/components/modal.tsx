"use client";

import {
  useEffect,
  useId,
  useRef,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from "react";
import styles from "./modal.module.css";

/**
 * SPEC.md section 2's modal, on the native <dialog> opened with showModal(): the page behind is
 * inert, the dialog is named by its title, and it closes by Escape, a click outside the box or its
 * Close button. Focus goes to the first control inside (or the title when there is none), Tab and
 * Shift+Tab wrap round inside, and focus goes back to whatever opened it when it closes.
 *
 * It is controlled: closing asks the caller (`onClose`), and the caller sets `open` to false.
 */

export type ModalType = "default" | "prompt" | "twin";
export type ModalSize = "default" | "sign-in" | "prompt";

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
  children: ReactNode;
}

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  "[tabindex]:not([tabindex='-1'])",
  "[contenteditable='true']",
].join(",");

function isShown(element: HTMLElement): boolean {
  if (element.closest("[hidden], [inert]")) return false;
  // jsdom has no layout, so it has no checkVisibility; every browser we support has.
  return typeof element.checkVisibility !== "function" || element.checkVisibility();
}

/** The controls Tab can reach inside `root`, in document order (one radio per group, as Tab does). */
function tabbableWithin(root: HTMLElement): HTMLElement[] {
  const all = Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter(isShown);
  return all.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== "radio" || element.name === "")
      return true;
    const group = all.filter(
      (other): other is HTMLInputElement =>
        other instanceof HTMLInputElement && other.type === "radio" && other.name === element.name,
    );
    const checked = group.find((radio) => radio.checked);
    return checked ? checked === element : group[0] === element;
  });
}

/** Keeps Tab and Shift+Tab inside the dialog: from the last control to the first, and back. */
function keepTabInside(event: KeyboardEvent, dialog: HTMLDialogElement, fallback: HTMLElement | null) {
  const controls = tabbableWithin(dialog);
  const active = document.activeElement;
  if (controls.length === 0) {
    event.preventDefault();
    fallback?.focus();
    return;
  }
  const first = controls[0]!;
  const last = controls[controls.length - 1]!;
  if (!(active instanceof HTMLElement) || !dialog.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
    return;
  }
  // Whether any control lies before (or after) the focused element, which may be the title.
  const position = (control: HTMLElement) => active.compareDocumentPosition(control);
  const anyBefore = controls.some((control) => position(control) & Node.DOCUMENT_POSITION_PRECEDING);
  const anyAfter = controls.some(
    (control) => control !== active && position(control) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  if (event.shiftKey && !anyBefore) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && !anyAfter) {
    event.preventDefault();
    first.focus();
  }
}

// Open modals, newest last: only the newest answers Escape and Tab (a processing modal can open
// over the sign-in modal).
const openModals: symbol[] = [];

// The page behind does not scroll while any modal is open.
let scrollLocks = 0;
let unlockScroll: (() => void) | null = null;

function lockScroll() {
  scrollLocks += 1;
  if (scrollLocks > 1) return;
  const root = document.documentElement;
  const body = document.body;
  const scrollbarWidth = window.innerWidth - root.clientWidth;
  const saved = { overflow: root.style.overflow, paddingRight: body.style.paddingRight };
  root.style.overflow = "hidden";
  // Keep the page where it is: the scroll bar's room is kept as padding.
  if (scrollbarWidth > 0) body.style.paddingRight = `${scrollbarWidth}px`;
  unlockScroll = () => {
    root.style.overflow = saved.overflow;
    body.style.paddingRight = saved.paddingRight;
  };
}

function releaseScroll() {
  scrollLocks = Math.max(0, scrollLocks - 1);
  if (scrollLocks > 0) return;
  unlockScroll?.();
  unlockScroll = null;
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

export function Modal({
  open,
  onClose,
  title,
  type = "default",
  size = "default",
  dismissible = true,
  intro,
  describedBy,
  children,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  // Whether this component has the dialog open (so a close it did not ask for can be noticed).
  const shownByUs = useRef(false);
  // The listeners added when the dialog opens read the latest props through this.
  const latest = useRef({ onClose, dismissible });
  useEffect(() => {
    latest.current = { onClose, dismissible };
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    shownByUs.current = true;
    const self = Symbol("modal");
    openModals.push(self);
    lockScroll();

    const firstControl = bodyRef.current ? tabbableWithin(bodyRef.current)[0] : undefined;
    (firstControl ?? titleRef.current)?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (openModals[openModals.length - 1] !== self || event.defaultPrevented || !dialog) return;
      if (event.key === "Escape") {
        // Handled here rather than by the browser's cancel, so it behaves the same everywhere.
        event.preventDefault();
        if (latest.current.dismissible) latest.current.onClose();
      } else if (event.key === "Tab") {
        keepTabInside(event, dialog, titleRef.current);
      }
    }
    document.addEventListener("keydown", onKeyDown);

    return () => {
      document.removeEventListener("keydown", onKeyDown);
      openModals.splice(openModals.indexOf(self), 1);
      releaseScroll();
      shownByUs.current = false;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  // A close request the browser makes itself (a phone's back gesture, say) goes through onClose too.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    if (dismissible) onClose();
  }

  // If the browser closed the dialog regardless, follow it, or reopen it when it may not close yet.
  function onNativeClose() {
    const dialog = dialogRef.current;
    if (!shownByUs.current || !dialog) return;
    if (latest.current.dismissible) latest.current.onClose();
    else if (!dialog.open) dialog.showModal();
  }

  // The dialog element itself is only ever the target when the press is outside the box, on the
  // backdrop. Both the press and the release must be there, so selecting text that ends outside
  // the box does not close it.
  function isOnBackdrop(event: ReactMouseEvent<HTMLDialogElement>): boolean {
    if (event.target !== event.currentTarget) return false;
    const box = event.currentTarget.getBoundingClientRect();
    const inBox =
      box.width > 0 &&
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    return !inBox;
  }

  return (
    // Key presses are handled on the document while it is open (see above).
    <dialog
      ref={dialogRef}
      className={[styles.dialog, sizeClass[size]].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={onCancel}
      onClose={onNativeClose}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = isOnBackdrop(event);
      }}
      onClick={(event) => {
        const wasPressedOnBackdrop = pressedOnBackdrop.current;
        pressedOnBackdrop.current = false;
        if (wasPressedOnBackdrop && isOnBackdrop(event) && dismissible) onClose();
      }}
    >
      {open ? (
        <div className={styles.box}>
          <div className={styles.header}>
            <h2 className={styles.title} id={titleId} ref={titleRef} tabIndex={-1}>
              {title}
            </h2>
            {dismissible ? (
              <button type="button" className={`button button--secondary ${styles.close}`} onClick={onClose}>
                Close
              </button>
            ) : null}
          </div>
          <div className={styles.body} ref={bodyRef}>
            {intro}
            <div className={typeClass[type]}>{children}</div>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
