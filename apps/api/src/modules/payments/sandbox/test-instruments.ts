/**
 * The embedded sandbox's test cards and bank accounts (docs/decisions/016-payments.md), after
 * the ones real providers publish: each is a valid number (Luhn for cards, Vocalink's modulus
 * check for accounts) with a known outcome. Any other card is refused: no real card is ever
 * typed into the sandbox.
 */
export const sandboxCards = {
  /** Pays. */
  succeeds: "4242424242424242",
  /** Declined by the card's bank. */
  declined: "4000000000000002",
  /** The card's bank asks the holder to confirm (3-D Secure) before it pays. */
  needsConfirmation: "4000002500003155",
} as const;

/** The scheme's test account collects; the second, also valid, has every collection fail (no funds). */
export const sandboxBankAccounts = {
  collects: { sortCode: "20-00-00", accountNumber: "55779911" },
  collectionsFail: { sortCode: "20-00-00", accountNumber: "55779922" },
} as const;

/** Whether a card number passes the Luhn check. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}
