/**
 * Small rules of English the screens share, so a sentence built from the catalogue's names reads
 * right: "an unattended cremation", "a private farewell".
 */

/** The phrase after "a" or "an", as it is said: "an" before a vowel sound. */
export function withIndefiniteArticle(phrase: string): string {
  // Words that start with a vowel letter but a consonant sound ("a unique", "a one-off"), and
  // with a silent h ("an hour", "an honour").
  const consonantSound = /^(uni|use|usu|one|eu)/i;
  const silentH = /^(hour|honou?r|heir)/i;
  const vowelSound = (/^[aeiou]/i.test(phrase) && !consonantSound.test(phrase)) || silentH.test(phrase);
  return `${vowelSound ? "an" : "a"} ${phrase}`;
}
