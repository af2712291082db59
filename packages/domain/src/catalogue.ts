/** Codes of the catalogue the journey chooses from (SPEC.md section 3). */
export type AttendanceCode = "attended" | "unattended" | "privateFarewell";
export type RemainsCode = "cremated" | "buried";

/** The code of "I will arrange it myself" among pallbearers, transport and cars for mourners. */
export const nominatingMyOwnCode = "nominatingMyOwn";

/**
 * The most cars of one kind family and friends can ask for; "making their own way" is a yes or
 * a no, so at most one of it.
 */
export const maximumCarsOfOneKind = 4;
export function maximumCarsOf(option: { code: string }): number {
  return option.code === nominatingMyOwnCode ? 1 : maximumCarsOfOneKind;
}

/** Picture addresses carry {width} and {height} placeholders; 464 by 336 unless a screen asks otherwise. */
const defaultImageSize = { width: 464, height: 336 } as const;

export function imageUrlForSize(
  template: string,
  size: { width: number; height: number } = defaultImageSize,
): string {
  return template.replaceAll("{width}", String(size.width)).replaceAll("{height}", String(size.height));
}
