import type { JourneyCatalogue, PricedOption } from "@kindred/domain";

let nextId = 1;
function option(code: string, price: number, isDefault = false): PricedOption {
  return { id: nextId++, code, name: code, price, isDefault };
}

const attendance = [
  option("attended", 295000, true),
  option("unattended", 149500),
  option("privateFarewell", 179500),
];
const remains = [option("cremated", 99000), option("buried", 195000)];
const celebrantTypes = [
  option("funeralDirector", 0, true),
  option("familyLed", 0),
  option("ministerOfficiant", 22000),
];
const pallbearerTypes = [option("providedByYourFuneralDirector", 30000, true), option("nominatingMyOwn", 0)];
const ashesTreatmentTypes = [
  option("simpleContainer", 0, true),
  option("scatteredInGarden", 8500),
  option("scatteredTube", 4500),
  option("bambooAshesContainer", 7500),
  option("willowAshesContainer", 9500),
  option("keepsakeUrn", 14500),
];
const transportationForTheDeceasedTypes = [
  option("specialistVehicle", 0, true),
  option("hearse", 29500),
  option("horseDrawnCarriage", 165000),
  option("nominatingMyOwn", 0),
];
const transportationForAttendeesTypes = [option("limousine", 32500), option("nominatingMyOwn", 0)];
const coffins = [
  { ...option("park", 0, true), collection: { code: "basic", name: "Basic" } },
  { ...option("windsor", 9500), collection: { code: "basic", name: "Basic" } },
  { ...option("willow", 59500), collection: { code: "willow", name: "Willow" } },
  { ...option("northumberland", 49500), collection: { code: "traditional", name: "Traditional" } },
  { ...option("snowdon", 115000), collection: { code: "premierTraditional", name: "Premier traditional" } },
];
const crematoria = [
  { id: 900, code: "localCrematorium", name: "Local crematorium" },
  { id: 901, code: "goldersGreen", name: "Golders Green" },
];
const pick = (options: PricedOption[], code: string) => {
  const found = options.find((candidate) => candidate.code === code);
  if (!found) throw new Error(code);
  return found;
};

/** A small catalogue shaped like GET /api/plan-options, for the rules' tests. */
export const testCatalogue: JourneyCatalogue = {
  attendance,
  remains,
  celebrantTypes,
  pallbearerTypes,
  ashesTreatmentTypes,
  transportationForTheDeceasedTypes,
  transportationForAttendeesTypes,
  coffins,
  crematoria,
  defaultCrematory: crematoria[0]!,
  packages: [
    {
      id: 500,
      code: "traditional",
      name: "Traditional",
      attendance: pick(attendance, "attended"),
      remains: pick(remains, "cremated"),
      ashes: pick(ashesTreatmentTypes, "scatteredInGarden"),
      celebrant: pick(celebrantTypes, "ministerOfficiant"),
      coffin: pick(coffins, "northumberland"),
      deceaseTransportation: pick(transportationForTheDeceasedTypes, "hearse"),
      pallbearers: pick(pallbearerTypes, "providedByYourFuneralDirector"),
      crematory: crematoria[0]!,
      attendeesTransportation: [
        { transportationType: pick(transportationForAttendeesTypes, "limousine"), quantity: 2 },
      ],
    },
    {
      id: 501,
      code: "traditionalBurial",
      name: "Traditional burial",
      attendance: pick(attendance, "attended"),
      remains: pick(remains, "buried"),
      ashes: null,
      celebrant: pick(celebrantTypes, "funeralDirector"),
      coffin: pick(coffins, "northumberland"),
      deceaseTransportation: pick(transportationForTheDeceasedTypes, "hearse"),
      pallbearers: pick(pallbearerTypes, "providedByYourFuneralDirector"),
      crematory: null,
      attendeesTransportation: [
        { transportationType: pick(transportationForAttendeesTypes, "limousine"), quantity: 1 },
      ],
    },
  ],
};

export function idOf(options: readonly PricedOption[], code: string): number {
  return pick([...options], code).id;
}
