import { useEffect } from "react";

/**
 * Confirming an email address, told to this browser's other tabs (issue 25 item 3): the link is
 * usually opened in a new tab, while the purchase waits for it in the first. A BroadcastChannel
 * reaches only tabs of the same browser and origin, and carries nothing but the word.
 */
const channelName = "kindred-email-confirmed";

function canBroadcast(): boolean {
  return typeof BroadcastChannel !== "undefined";
}

/** Tells the other tabs of this browser that the email address has just been confirmed. */
export function announceEmailConfirmed(): void {
  if (!canBroadcast()) return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage("confirmed");
  channel.close();
}

/** Calls `onConfirmed` when another tab of this browser confirms the email address, while `listening`. */
export function useEmailConfirmedElsewhere(listening: boolean, onConfirmed: () => void): void {
  useEffect(() => {
    if (!listening || !canBroadcast()) return;
    const channel = new BroadcastChannel(channelName);
    channel.onmessage = () => onConfirmed();
    return () => channel.close();
  }, [listening, onConfirmed]);
}
