import { useMemo, useRef } from "react";

/**
 * The `Idempotency-Key` of one attempt to pay (or to set up a Direct Debit, or to cancel): made
 * with `crypto.randomUUID()` when the attempt starts and kept for it, so a double press or a
 * request sent again after a lost answer carries the same key and the API does it once. A new
 * attempt (after a decline, or once the person has changed what they send) `renew`s it.
 */
export interface AttemptKey {
  /** This attempt's key, made on first use. */
  current: () => string;
  /** Ends the attempt: the next `current()` is a new key. */
  renew: () => void;
}

export function useAttemptKey(): AttemptKey {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      current: () => (key.current ??= crypto.randomUUID()),
      renew: () => {
        key.current = null;
      },
    }),
    [],
  );
}
