import { nameProblems } from "./account-rules";
import * as messages from "./messages";
import * as purchaseMessages from "./purchase-messages";
import { passesModulusCheck, type ModulusTables } from "./modulus-check";

/**
 * The bank account a Direct Debit is collected from: a sort code and an account number as a
 * person reads them off a card or statement, checked for shape and then by Vocalink's modulus
 * check (docs/decisions/015-bank-details-and-working-days.md).
 */

const sortCodeDigits = 6;
const accountNumberDigits = 8;
/**
 * Vocalink's rule for shorter account numbers: six or seven digits are written with zeros in
 * front to make eight ("Nonstandard account numbers"). Nine and ten digits are bank-specific, and
 * a Direct Debit needs the eight the bank gives for it, so they are refused.
 */
const shortestAccountNumberDigits = 6;

/** Spaces and dashes (including the typographic ones a copied number may carry) group digits. */
const groupingCharacters = /[\s\-\u2010-\u2015\u2212]/g;

function digitsOf(text: string): string | null {
  const digits = text.replace(groupingCharacters, "");
  return /^\d*$/.test(digits) ? digits : null;
}

/** "200000", "20 00 00" or "20-00-00" → "20-00-00"; null when it is not six digits. */
export function normaliseSortCode(text: string): string | null {
  const digits = digitsOf(text);
  if (digits?.length !== sortCodeDigits) return null;
  return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
}

export function sortCodeProblems(text: string): string[] {
  const digits = digitsOf(text);
  if (digits === "") return [messages.required];
  if (digits === null) return [messages.numbersOnly];
  return digits.length === sortCodeDigits ? [] : [messages.digitCount(sortCodeDigits)];
}

/** "5577 9911" → "55779911", "1234567" → "01234567"; null when it is not six to eight digits. */
export function normaliseAccountNumber(text: string): string | null {
  const digits = digitsOf(text);
  if (digits === null || digits.length < shortestAccountNumberDigits || digits.length > accountNumberDigits) {
    return null;
  }
  return digits.padStart(accountNumberDigits, "0");
}

export function accountNumberProblems(text: string): string[] {
  const digits = digitsOf(text);
  if (digits === "") return [messages.required];
  if (digits === null) return [messages.numbersOnly];
  return normaliseAccountNumber(digits) === null ? [messages.digitCount(accountNumberDigits)] : [];
}

/** The name on the account, as the bank has it: a name's rules (2 to 50 characters). */
export function accountHolderNameProblems(name: string): string[] {
  return nameProblems(name);
}

/** The only part of an account number ever shown again or logged: its last four digits. */
export function accountNumberEnding(accountNumber: string): string {
  return (digitsOf(accountNumber) ?? "").slice(-4);
}

export interface BankDetailsProblems {
  sortCode?: string[];
  accountNumber?: string[];
}

/**
 * What is wrong with a sort code and account number: each field's own problems first, and once
 * both are well-formed, whether they pass the modulus check together. A failed check is told
 * under the account number, asking the person to look at both.
 */
export function bankDetailsProblems(
  { sortCode, accountNumber }: { sortCode: string; accountNumber: string },
  tables?: ModulusTables,
): BankDetailsProblems {
  const problems: BankDetailsProblems = {};
  const sortCodeFieldProblems = sortCodeProblems(sortCode);
  const accountNumberFieldProblems = accountNumberProblems(accountNumber);
  if (sortCodeFieldProblems.length > 0) problems.sortCode = sortCodeFieldProblems;
  if (accountNumberFieldProblems.length > 0) problems.accountNumber = accountNumberFieldProblems;
  if (Object.keys(problems).length > 0) return problems;

  const sortCodeDigitsOnly = normaliseSortCode(sortCode)!.replace(/-/g, "");
  return passesModulusCheck(sortCodeDigitsOnly, normaliseAccountNumber(accountNumber)!, tables)
    ? {}
    : { accountNumber: [purchaseMessages.bankDetailsCheckFailed] };
}
