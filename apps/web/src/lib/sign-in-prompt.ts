/**
 * Whether the sign-in prompt is open, and why (SPEC.md's login-modal flag). Anything may ask for
 * it; the account menu in the page header shows it.
 */
export interface SignInPrompt {
  open: boolean;
  /** Shown at the top of the prompt, e.g. the logged-out-expired notice. */
  notice?: string;
  /** The plan to keep when the person signs in or creates an account from the journey. */
  planId?: string;
}

let prompt: SignInPrompt = { open: false };
const listeners = new Set<() => void>();

export function getSignInPrompt(): SignInPrompt {
  return prompt;
}

export function subscribeToSignInPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(next: SignInPrompt): void {
  prompt = next;
  for (const listener of listeners) listener();
}

export function openSignInPrompt(details: Omit<SignInPrompt, "open"> = {}): void {
  set({ open: true, ...details });
}

export function closeSignInPrompt(): void {
  set({ open: false });
}
