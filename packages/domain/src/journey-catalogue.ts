import type { JourneyData } from "./journey-data";

/**
 * The part of the catalogue (GET /api/plan-options) the journey rules read. It is described
 * here, not imported from the contracts, so the rules stay free of any transport concern; the
 * plan options response satisfies it as it is.
 */
export interface PricedOption {
  id: number;
  code: string;
  name: string;
  price: number;
  isDefault: boolean;
}

export interface JourneyCatalogueCoffin extends PricedOption {
  collection: { code: string; name: string };
}

export interface JourneyCataloguePackage {
  id: number;
  code: string;
  name: string;
  attendance: { id: number; code: string };
  remains: { id: number; code: string };
  /** The ashes treatment of a cremation package; a burial package has none. */
  ashes: { id: number } | null;
  celebrant: { id: number };
  coffin: { id: number };
  deceaseTransportation: { id: number };
  pallbearers: { id: number };
  /** The crematorium of a cremation package; a burial package has none. */
  crematory: { id: number } | null;
  attendeesTransportation: {
    transportationType: { id: number; name: string; price: number };
    quantity: number;
  }[];
}

export interface JourneyCatalogue {
  attendance: PricedOption[];
  remains: PricedOption[];
  celebrantTypes: PricedOption[];
  pallbearerTypes: PricedOption[];
  ashesTreatmentTypes: PricedOption[];
  transportationForTheDeceasedTypes: PricedOption[];
  transportationForAttendeesTypes: PricedOption[];
  coffins: JourneyCatalogueCoffin[];
  crematoria: { id: number; code: string; name: string }[];
  defaultCrematory: { id: number; code: string; name: string };
  packages: JourneyCataloguePackage[];
}

export function findById<T extends { id: number }>(
  options: readonly T[],
  id: number | null | undefined,
): T | undefined {
  return id === null || id === undefined ? undefined : options.find((option) => option.id === id);
}

/** The option marked default, or the first one when none is marked. */
export function defaultOption<T extends { isDefault: boolean }>(options: readonly T[]): T | undefined {
  return options.find((option) => option.isDefault) ?? options[0];
}

/** The coffin an unattended funeral uses: the default coffin of the basic collection. */
export function basicCoffin(catalogue: JourneyCatalogue): JourneyCatalogueCoffin | undefined {
  const basics = catalogue.coffins.filter((coffin) => coffin.collection.code === "basic");
  return basics.find((coffin) => coffin.isDefault) ?? defaultOption(catalogue.coffins);
}

/**
 * The journey with each car for family and friends named and priced as the catalogue has it,
 * whatever was sent: the name and price a browser holds are only a copy, and may be out of date.
 */
export function withCatalogueCars(
  journeyData: JourneyData,
  catalogue: Pick<JourneyCatalogue, "transportationForAttendeesTypes">,
): JourneyData {
  const attendees = journeyData.attendeesTransportation;
  if (!attendees) return journeyData;
  return {
    ...journeyData,
    attendeesTransportation: {
      ...attendees,
      selectedTransportationTypes: attendees.selectedTransportationTypes.map((selected) => {
        const option = findById(catalogue.transportationForAttendeesTypes, selected.transportationType.id);
        return option
          ? { ...selected, transportationType: { id: option.id, name: option.name, price: option.price } }
          : selected;
      }),
    },
  };
}
