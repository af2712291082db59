"use client";

import { useRef } from "react";
import type { CatalogueOption } from "@kindred/contracts";
import {
  formatPrice,
  maximumCarsOf,
  maximumCarsOfOneKind,
  offersContribution,
  type SelectedAttendeeTransport,
} from "@kindred/domain";
import { Checkbox } from "../../components/checkbox";
import { FormFieldset } from "../../components/form-field";
import { QuantityField } from "../../components/quantity-field";
import { RadioCards } from "../../components/radio-cards";
import { TextAreaField } from "../../components/text-area-field";
import { ContributionAndNotes, noContribution, useSetAside } from "./contribution-and-notes";
import { answer } from "./journey-store";
import { pricedOptionCards } from "./priced-option-cards";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { stepQuestion } from "./step-text";
import { screenFromContext } from "./step-screen-context";

function carsLabel(option: CatalogueOption): string {
  return option.price > 0
    ? `${option.name} (${formatPrice(option.price)} each)`
    : `${option.name} (no charge)`;
}

/**
 * How the person who has died is taken to the funeral (required), cars for family and friends
 * (a number of each kind, priced each), and, for an attended funeral, a personalised procession.
 */
export function TransportationStep({
  planOptions,
  journey,
  step,
  onContinue,
  continueLabel,
}: StepScreenProps) {
  const { journeyData } = journey;
  const deceased = journeyData.deceaseTransportation ?? { transportationType: null, ...noContribution };
  const attendees = journeyData.attendeesTransportation ?? {
    selectedTransportationTypes: [],
    ...noContribution,
  };
  const procession = journeyData.procession ?? { personalisedProcession: null, notes: "" };
  const isAttended = journeyData.attendance?.option.code === "attended";
  const ownVehicle = offersContribution("deceaseTransportation", journeyData, planOptions);
  const attendeeTypes = planOptions.transportationForAttendeesTypes.filter((option) => option.visible);
  const setAside = useSetAside();
  const processionNotes = useRef("");

  const validation = useStepValidation(() => stepErrors("transportation", journeyData, planOptions));

  function chooseDeceasedTransport(id: number) {
    const nextIsOwn = offersContribution(
      "deceaseTransportation",
      { deceaseTransportation: { ...deceased, transportationType: id } },
      planOptions,
    );
    if (ownVehicle && !nextIsOwn) setAside.keep(deceased);
    const extras = nextIsOwn ? (ownVehicle ? deceased : setAside.restore()) : noContribution;
    answer(planOptions, "deceaseTransportation", {
      transportationType: id,
      notes: extras.notes,
      contribution: extras.contribution,
    });
  }

  function quantityOf(option: CatalogueOption): number {
    return (
      attendees.selectedTransportationTypes.find((selected) => selected.transportationType.id === option.id)
        ?.quantity ?? 0
    );
  }

  function chooseCars(changed: CatalogueOption, quantity: number) {
    const selectedTransportationTypes: SelectedAttendeeTransport[] = attendeeTypes
      .map((option) => ({
        transportationType: { id: option.id, name: option.name, price: option.price },
        quantity: option.id === changed.id ? quantity : quantityOf(option),
      }))
      .filter((selected) => selected.quantity > 0);
    answer(planOptions, "attendeesTransportation", { ...attendees, selectedTransportationTypes });
  }

  function chooseProcession(wanted: boolean) {
    if (!wanted && procession.personalisedProcession) processionNotes.current = procession.notes;
    const notes = wanted
      ? procession.personalisedProcession
        ? procession.notes
        : processionNotes.current
      : "";
    answer(planOptions, "procession", { personalisedProcession: wanted, notes });
  }

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <section aria-labelledby="deceased-transport-title">
        <h2 id="deceased-transport-title">Transport for the person who has died</h2>
        <RadioCards
          name="deceaseTransportation"
          legend={stepQuestion(step, "deceaseTransportation")}
          options={pricedOptionCards(planOptions.transportationForTheDeceasedTypes)}
          value={deceased.transportationType === null ? null : String(deceased.transportationType)}
          onChange={(value) => chooseDeceasedTransport(Number(value))}
          error={validation.errorFor("deceaseTransportation")}
        />
        {ownVehicle ? (
          <ContributionAndNotes
            idPrefix="deceaseTransportation"
            value={deceased}
            onChange={(extras) => answer(planOptions, "deceaseTransportation", { ...deceased, ...extras })}
            errorFor={validation.errorFor}
            notesLabel="Tell us about the vehicle you would like (optional)"
            notesHint="For example, a family member's car or a motorcycle hearse."
            contributionLabel="Would you like to set aside money towards it? (optional)"
          />
        ) : null}
      </section>

      <section aria-labelledby="attendees-transport-title">
        <h2 id="attendees-transport-title">Transport for family and friends</h2>
        <FormFieldset
          id="attendeesTransportation"
          legend={stepQuestion(step, "attendeesTransportation")}
          hint={`Choose how many of each car you would like, up to ${maximumCarsOfOneKind} of each, or none.`}
        >
          {attendeeTypes.map((option) =>
            // Making their own way is a yes or a no, with no cars and nothing to pay: a tick box,
            // not a number of it (issue 25 item 8).
            maximumCarsOf(option) === 1 ? (
              <Checkbox
                key={option.id}
                id={`attendeesTransportation-${option.code}`}
                label={option.name}
                hint={option.description}
                checked={quantityOf(option) > 0}
                onChange={(checked) => chooseCars(option, checked ? 1 : 0)}
              />
            ) : (
              <QuantityField
                key={option.id}
                id={`attendeesTransportation-${option.code}`}
                label={carsLabel(option)}
                hint={option.description}
                value={quantityOf(option)}
                max={maximumCarsOf(option)}
                onChange={(quantity) => chooseCars(option, quantity)}
              />
            ),
          )}
        </FormFieldset>
        <ContributionAndNotes
          idPrefix="attendeesTransportation"
          value={attendees}
          onChange={(extras) => answer(planOptions, "attendeesTransportation", { ...attendees, ...extras })}
          errorFor={validation.errorFor}
          notesLabel="Anything you would like us to know about travel for family and friends (optional)"
          contributionLabel="Would you like to set aside money towards their travel? (optional)"
        />
      </section>

      {isAttended ? (
        <section aria-labelledby="procession-title">
          <h2 id="procession-title">A personalised procession</h2>
          <RadioCards
            name="procession"
            legend={stepQuestion(step, "procession")}
            options={[
              { value: "yes", label: "Yes" },
              { value: "no", label: "No" },
            ]}
            value={
              procession.personalisedProcession === null
                ? null
                : procession.personalisedProcession
                  ? "yes"
                  : "no"
            }
            onChange={(value) => chooseProcession(value === "yes")}
          />
          {procession.personalisedProcession ? (
            <TextAreaField
              id="procession-notes"
              label="Tell us about the procession (optional)"
              hint="For example, a route past a favourite place."
              value={procession.notes}
              onChange={(notes) => answer(planOptions, "procession", { ...procession, notes })}
            />
          ) : null}
        </section>
      ) : null}
    </StepForm>
  );
}

/** The screen as its route renders it, inside the step page. */
export const TransportationStepScreen = screenFromContext(TransportationStep);
