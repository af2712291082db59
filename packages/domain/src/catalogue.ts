/** Codes of the catalogue the journey chooses from (SPEC.md section 3). */
export const attendanceCodes = ["attended", "unattended", "privateFarewell"] as const;
export type AttendanceCode = (typeof attendanceCodes)[number];

export const remainsCodes = ["cremated", "buried"] as const;
export type RemainsCode = (typeof remainsCodes)[number];

export const celebrantCodes = ["funeralDirector", "familyLed", "ministerOfficiant"] as const;
export const pallbearerCodes = ["providedByYourFuneralDirector", "nominatingMyOwn"] as const;
export const ashesTreatmentCodes = [
  "simpleContainer",
  "scatteredInGarden",
  "scatteredTube",
  "bambooAshesContainer",
  "willowAshesContainer",
  "keepsakeUrn",
] as const;
export const deceasedTransportCodes = [
  "specialistVehicle",
  "hearse",
  "horseDrawnCarriage",
  "nominatingMyOwn",
] as const;
export const attendeeTransportCodes = ["limousine", "nominatingMyOwn"] as const;
export const coffinCodes = [
  "park",
  "windsor",
  "willow",
  "exmoor",
  "bamboo",
  "dale",
  "lomond",
  "pembroke",
  "northumberland",
  "brecon",
  "cairngorm",
  "snowdon",
] as const;
export const coffinCollectionCodes = [
  "basic",
  "willow",
  "bamboo",
  "simpleTraditional",
  "traditional",
  "premierTraditional",
] as const;

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

export const defaultCoffinCode = "park";
export const defaultDeceasedTransportCode = "specialistVehicle";

/** Picture addresses carry {width} and {height} placeholders; 464 by 336 unless a screen asks otherwise. */
export const defaultImageSize = { width: 464, height: 336 } as const;

export function imageUrlForSize(
  template: string,
  size: { width: number; height: number } = defaultImageSize,
): string {
  return template.replaceAll("{width}", String(size.width)).replaceAll("{height}", String(size.height));
}
