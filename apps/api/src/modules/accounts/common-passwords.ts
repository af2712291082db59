import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The 49,000 or so passwords seen most often in breaches (zxcvbn-ts's common list, drawn from
 * published breach data), lower-case. A password on it is among the first an attacker tries.
 */
const commonPasswords = new Set(dictionary["passwords-common"]);

/**
 * True for a common password, whatever its capitals, and also when taking out its symbols leaves
 * one: our rules ask for a symbol, and "Password1!" is still "password1".
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return commonPasswords.has(lower) || commonPasswords.has(lower.replace(/[^a-z0-9]/g, ""));
}
