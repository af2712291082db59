import * as messages from "./messages";

/** SPEC.md section 5 and 9: password 8 to 25 characters with a letter, a number and a special character. */
export const passwordLength = { minimum: 8, maximum: 25 } as const;
const nameLength = { minimum: 2, maximum: 50 } as const;

/** The special characters a password may use to meet the rule ("@ $ ! % * # ? & and a few others"). */
const passwordSpecialCharacters = "@$!%*#?&^_-+=.,:;~";

const specialCharacter = new RegExp(`[${passwordSpecialCharacters.replace(/[-^\]\\]/g, "\\$&")}]`);

/** Every rule a password breaks, in the order a person should read them; none when it is fine. */
export function passwordProblems(password: string): string[] {
  if (password === "") return [messages.required];
  const problems: string[] = [];
  if (!/[A-Za-z]/.test(password)) problems.push(messages.passwordNeedsLetter);
  if (!/\d/.test(password)) problems.push(messages.passwordNeedsNumber);
  if (!specialCharacter.test(password)) problems.push(messages.passwordNeedsSpecial);
  if (password.length < passwordLength.minimum) problems.push(messages.passwordTooShort);
  if (password.length > passwordLength.maximum) problems.push(messages.passwordTooLong);
  return problems;
}

export function passwordRepeatProblems(password: string, repeat: string): string[] {
  if (repeat === "") return [messages.required];
  return repeat === password ? [] : [messages.passwordsMustMatch];
}

/** A practical check of an email address: something@something.tld, no spaces. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim()) && value.trim().length <= 254;
}

export function emailProblems(email: string): string[] {
  if (email.trim() === "") return [messages.required];
  return isEmailAddress(email) ? [] : [messages.invalidEmail];
}

export function confirmEmailProblems(email: string, confirmation: string): string[] {
  if (confirmation.trim() === "") return [messages.required];
  return normaliseEmail(email) === normaliseEmail(confirmation) ? [] : [messages.emailsMustMatch];
}

export function nameProblems(name: string): string[] {
  const trimmed = name.trim();
  if (trimmed === "") return [messages.required];
  if (trimmed.length < nameLength.minimum) return [messages.tooShort(nameLength.minimum)];
  if (trimmed.length > nameLength.maximum) return [messages.tooLong(nameLength.maximum)];
  if (notAName(trimmed)) return [messages.nameNotAName];
  return [];
}

/** Control and formatting characters (a line break, say), and the angle brackets of markup or an address. */
const notNameCharacters = /[\p{Cc}\p{Cf}<>]/u;
/** What makes a name a link: a scheme, "www.", or a word and a common top-level domain ("evil.example"). */
const linkInName =
  /[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\d-]\.(?:com|net|org|info|biz|io|co|uk|me|app|xyz|online|site|link|click|example|ru|cn)\b/iu;

/**
 * A name that is not a name: one holding control characters, angle brackets or a link, which a
 * stranger could otherwise have us store and write into an email (issue 45 item 2). Hyphens,
 * apostrophes, full stops, accents and spaces are names' own ("Anne-Marie O'Brien", "Zoë St. John").
 */
function notAName(name: string): boolean {
  return notNameCharacters.test(name) || linkInName.test(name);
}

/** Addresses are compared and stored without case or surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
