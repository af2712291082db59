"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { FuneralDirectorBranch, FuneralDirectorSearchResponse, Violation } from "@kindred/contracts";
import { formatPostalAddress, imageUrlForSize, messages } from "@kindred/domain";
import { RadioInput } from "../../components/choice-inputs";
import { FormFieldset } from "../../components/form-field";
import { CallUs } from "../../components/phone-link";
import { PostcodeSearch } from "../../components/postcode-search";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import styles from "./funeral-director-step.module.css";
import { answer } from "./journey-store";
import { funeralDirectorQueries } from "./funeral-director-queries";
import { StepForm, useStepValidation } from "./step-form";
import { stepErrors } from "./step-problems";
import type { StepScreenProps } from "./step-screen-props";
import { headingAsksTheQuestion, stepQuestion } from "./step-text";
import { screenFromContext } from "./step-screen-context";

/** The size each branch's picture is asked for and shown at. */
const branchPictureSize = { width: 232, height: 168 } as const;

type Branch = FuneralDirectorBranch & { distanceMiles?: number | null };

type Search =
  | { status: "idle" }
  | { status: "searching"; postcode: string }
  | { status: "found"; postcode: string; response: FuneralDirectorSearchResponse }
  /** The postcode was refused: nothing typed, or not a postcode (the API's 400). */
  | { status: "refused"; message: string }
  | { status: "failed"; violations: Violation[] };

const postcodeFieldId = "postcode";
const branchFieldId = "funeralDirector";

/** "sw1a   1aa " -> "SW1A 1AA", as it is shown back to the person. */
function tidyPostcode(typed: string): string {
  return typed.trim().replace(/\s+/g, " ").toUpperCase();
}

function distanceText(miles: number): string {
  return `${miles.toFixed(1)} miles away`;
}

/**
 * Which funeral director: the person searches by postcode and chooses from the nearest
 * branches, nearest first. When none is near (or the postcode is unknown) the head office is
 * offered. A branch chosen before is fetched and shown again, already chosen.
 */
export function FuneralDirectorStep({
  planOptions,
  journey,
  step,
  onContinue,
  continueLabel,
}: StepScreenProps) {
  const chosenId = journey.journeyData.funeralDirector?.id ?? null;
  const [postcode, setPostcode] = useState("");
  // The postcode last searched for, tidied ("" when Search was pressed with nothing typed).
  const [searched, setSearched] = useState<string | null>(null);
  const [picked, setPicked] = useState<Branch | null>(null);
  const searchQuery = useQuery({
    ...funeralDirectorQueries.search(searched ?? ""),
    enabled: searched !== null && searched !== "",
  });
  const search: Search =
    searched === null
      ? { status: "idle" }
      : searched === ""
        ? { status: "refused", message: messages.required }
        : searchQuery.isFetching
          ? { status: "searching", postcode: searched }
          : searchQuery.isError
            ? { status: "failed", violations: violationsOf(searchQuery.error) }
            : searchQuery.data?.status === "found"
              ? { status: "found", postcode: searched, response: searchQuery.data.response }
              : searchQuery.data?.status === "refused"
                ? { status: "refused", message: searchQuery.data.message }
                : { status: "searching", postcode: searched };

  const found: Branch[] = search.status === "found" ? search.response.branches : [];
  const chosenInResults = found.find((branch) => branch.id === chosenId);
  // The branch chosen on an earlier visit is fetched to show it again, already chosen.
  const lookupWanted = chosenId !== null && !chosenInResults && picked?.id !== chosenId;
  const lookupQuery = useQuery({ ...funeralDirectorQueries.branch(chosenId ?? 0), enabled: lookupWanted });
  const lookup = lookupWanted ? lookupQuery.data : undefined;
  // A branch chosen from an earlier search, or fetched because it was chosen on an earlier visit.
  // Its distance was from another postcode, so it is not shown beside these results.
  const chosenEarlier =
    picked?.id === chosenId
      ? { ...picked, distanceMiles: null }
      : lookup?.status === "found"
        ? lookup.branch
        : undefined;
  const needsLookup = lookupWanted && lookupQuery.isPending;
  const lookupFailure = lookupWanted && lookupQuery.isError ? violationsOf(lookupQuery.error) : null;
  const chosenIsGone = lookup?.status === "gone";
  // The chosen branch stays in view (and chosen) even when a new search does not find it.
  const branches: Branch[] = chosenEarlier && !chosenInResults ? [chosenEarlier, ...found] : found;

  const refusal = search.status === "refused" ? search.message : undefined;
  const validation = useStepValidation(() => {
    // The journey's rules ask for a branch; whether it is still open only the API can say.
    const fieldId = branches.length > 0 ? branchFieldId : postcodeFieldId;
    if (chosenIsGone) return [{ fieldId, text: messages.optionNotAvailable }];
    return stepErrors("funeral-director", journey.journeyData, planOptions).map((error) => ({
      fieldId,
      text: fieldId === postcodeFieldId && refusal ? refusal : error.text,
    }));
  });
  const postcodeError = refusal ?? validation.errorFor(postcodeFieldId);
  const branchError = validation.errorFor(branchFieldId);

  function searchNear() {
    const typed = tidyPostcode(postcode);
    // The same postcode again asks the server again (after a failure, say).
    if (typed !== "" && typed === searched) void searchQuery.refetch();
    setSearched(typed);
  }

  let status: { text: string; calm: boolean } | null = null;
  if (search.status === "searching") {
    status = { text: `Searching for funeral directors near ${search.postcode}…`, calm: false };
  } else if (search.status === "found") {
    const { response } = search;
    const count = response.branches.length;
    if (!response.isFallback) {
      status = {
        text: `${count} funeral ${count === 1 ? "director" : "directors"} near ${search.postcode}, nearest first.`,
        calm: false,
      };
    } else if (response.outcode === null) {
      status = { text: messages.postcodeNotRecognised, calm: true };
    } else {
      status = {
        text:
          `We do not have a funeral director near ${search.postcode}. ` +
          "Our head office can look after your funeral instead: you can choose it below.",
        calm: true,
      };
    }
  } else if (chosenIsGone) {
    status = {
      text: "The funeral director you chose before is no longer available. Please search again to choose another.",
      calm: true,
    };
  } else if (needsLookup) {
    status = { text: "Loading the funeral director you chose…", calm: false };
  }

  const showingOnlyEarlierChoice = search.status !== "found" && branches.length > 0;

  return (
    <StepForm validation={validation} onContinue={onContinue} continueLabel={continueLabel}>
      <PostcodeSearch
        id={postcodeFieldId}
        label="Your postcode"
        hint="We'll show funeral directors near you, nearest first"
        buttonLabel="Search"
        value={postcode}
        onChange={setPostcode}
        onSearch={searchNear}
        error={postcodeError}
      />

      {search.status === "failed" ? (
        <ViolationsBox
          title="Sorry, we could not search for funeral directors just now"
          violations={search.violations}
        >
          <p>Please try again. If it still does not work, we can help you by phone.</p>
          <CallUs className="call-us" />
        </ViolationsBox>
      ) : null}
      {lookupFailure ? (
        <ViolationsBox
          title="Sorry, we could not show the funeral director you chose"
          violations={lookupFailure}
        >
          <p>Your choice is still saved. You can search again to see it, or we can help you by phone.</p>
          <CallUs className="call-us" />
        </ViolationsBox>
      ) : null}

      {/* The funeral director chosen before is known only to this browser: its place is kept from
          the first paint (html[data-journey-answers], lib/journey-answers-script.ts), so nothing
          below moves when it is shown. */}
      <div className={styles.results}>
        <div role="status">
          {status ? <p className={status.calm ? "inset-text" : undefined}>{status.text}</p> : null}
        </div>

        {branches.length > 0 ? (
          <FormFieldset
            id={branchFieldId}
            legend={stepQuestion(step, "funeralDirector")}
            legendClassName={headingAsksTheQuestion(step) ? "visually-hidden" : "legend"}
            hint={
              showingOnlyEarlierChoice
                ? "This is the funeral director you chose. To choose a different one, search by postcode above."
                : undefined
            }
            error={branchError}
          >
            <div className="radio-cards">
              {branches.map((branch, index) => (
                <BranchCard
                  key={branch.id}
                  branch={branch}
                  id={index === 0 ? branchFieldId : `${branchFieldId}-${index + 1}`}
                  checked={branch.id === chosenId}
                  onChoose={() => {
                    setPicked(branch);
                    answer(planOptions, "funeralDirector", { id: branch.id });
                  }}
                />
              ))}
            </div>
          </FormFieldset>
        ) : null}
      </div>
    </StepForm>
  );
}

/** One branch as a radio card: its name, address, phone, distance and picture. */
function BranchCard({
  branch,
  id,
  checked,
  onChoose,
}: {
  branch: Branch;
  id: string;
  checked: boolean;
  onChoose: () => void;
}) {
  const descriptionId = `${id}-description`;
  return (
    <div className={`radio-card ${styles.branch}`}>
      <RadioInput
        className="radio-card__input"
        id={id}
        name={branchFieldId}
        value={String(branch.id)}
        checked={checked}
        onChoose={onChoose}
        aria-describedby={descriptionId}
      />
      <label className="radio-card__label" htmlFor={id}>
        <span className="radio-card__name">{branch.name}</span>
      </label>
      <div className={`radio-card__description ${styles.details}`} id={descriptionId}>
        <p>{formatPostalAddress(branch.address)}</p>
        <p>
          Phone{" "}
          <a className={styles.phone} href={`tel:${branch.phone.replace(/\s+/g, "")}`}>
            {branch.phone}
          </a>
        </p>
        {typeof branch.distanceMiles === "number" ? (
          <p className={styles.distance}>{distanceText(branch.distanceMiles)}</p>
        ) : null}
      </div>
      <img
        className={styles.picture}
        src={imageUrlForSize(branch.imageUrl, branchPictureSize)}
        width={branchPictureSize.width}
        height={branchPictureSize.height}
        alt={branch.imageAlt}
      />
    </div>
  );
}

/** The screen as its route renders it, inside the step page. */
export const FuneralDirectorStepScreen = screenFromContext(FuneralDirectorStep);
