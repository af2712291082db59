"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { FoundAddress, Violation } from "@kindred/contracts";
import { messages, normalisePostcode, postcodeProblems } from "@kindred/domain";
import { addressLookupQueries } from "../lib/address-lookup-queries";
import { violationsOf } from "../lib/api-query";
import styles from "./address-finder.module.css";
import { useEnteredBeforeHydration } from "./entered-before-hydration";
import { FormField } from "./form-field";
import { PostcodeSearch } from "./postcode-search";
import { ViolationsBox } from "./violations-box";

export interface AddressFinderProps {
  /** Starts the ids of the finder's fields, so each address on a page has its own ("customer-address"). */
  idPrefix: string;
  /**
   * The postcode in the box: the form's own postcode, so what is typed here is there when the
   * person enters the address manually, and what they typed there is here when they come back.
   */
  postcode: string;
  onPostcodeChange(postcode: string): void;
  /** What the form still needs, said above the postcode box (the address, after a failed Continue). */
  error?: string;
  /** The address the person chose; the form around the finder fills its fields with it. */
  onPick(address: FoundAddress): void;
  /** The person will type the address: the form shows its fields empty. */
  onManual(): void;
}

type Choice =
  | { status: "idle" }
  | { status: "fetching" }
  /** Nothing chosen in the list, or the address is no longer known: said under the list. */
  | { status: "refused"; message: string }
  | { status: "failed"; violations: Violation[] };

/**
 * GOV.UK's "find an address" pattern: a postcode and Find address, then the addresses found in a
 * list to choose from and Use this address. "Enter the address manually" is always there, so a
 * lookup that finds nothing, or cannot be made, never stands in the person's way. It only finds:
 * the form around it shows the address fields, filled by `onPick` or left empty by `onManual`.
 */
export function AddressFinder({
  idPrefix,
  postcode: typed,
  onPostcodeChange,
  error,
  onPick,
  onManual,
}: AddressFinderProps) {
  const postcodeId = `${idPrefix}-postcode`;
  const listId = `${idPrefix}-found`;
  const [problem, setProblem] = useState<string | null>(null);
  // The postcode last searched for, as Royal Mail writes it; null before the first search.
  const [searched, setSearched] = useState<string | null>(null);
  const [chosenId, setChosenId] = useState("");
  const [pick, setPick] = useState<Choice>({ status: "idle" });
  const choose = (id: string) => {
    setChosenId(id);
    setPick({ status: "idle" });
  };
  const list = useEnteredBeforeHydration<HTMLSelectElement>(chosenId, choose);
  const queryClient = useQueryClient();
  const suggestionsQuery = useQuery({
    ...addressLookupQueries.suggestions(searched ?? ""),
    enabled: searched !== null,
  });
  const suggestions = searched !== null && !suggestionsQuery.isFetching ? (suggestionsQuery.data ?? []) : [];

  function find() {
    const problems = postcodeProblems(typed);
    const postcode = normalisePostcode(typed);
    if (problems.length > 0 || !postcode) {
      setProblem(problems[0] ?? messages.fullPostcodeNotValid);
      return;
    }
    setProblem(null);
    setChosenId("");
    setPick({ status: "idle" });
    // The same postcode again asks the server again (after a failure, say).
    if (postcode === searched) void suggestionsQuery.refetch();
    setSearched(postcode);
  }

  async function chooseAddress() {
    if (pick.status === "fetching") return;
    if (chosenId === "") {
      setPick({ status: "refused", message: messages.required });
      return;
    }
    setPick({ status: "fetching" });
    try {
      const details = await queryClient.fetchQuery(addressLookupQueries.details(chosenId));
      if (details.status === "gone") {
        setPick({ status: "refused", message: messages.addressNotFound });
        return;
      }
      setPick({ status: "idle" });
      onPick(details.address);
    } catch (error) {
      setPick({ status: "failed", violations: violationsOf(error) });
    }
  }

  let status: { text: string; calm: boolean } | null = null;
  if (searched !== null && suggestionsQuery.isFetching) {
    status = { text: `Looking for addresses at ${searched}…`, calm: false };
  } else if (searched !== null && suggestionsQuery.isSuccess) {
    const count = suggestions.length;
    status =
      count === 0
        ? { text: messages.noAddressesForPostcode, calm: true }
        : { text: `${count} ${count === 1 ? "address" : "addresses"} found for ${searched}.`, calm: false };
  } else if (pick.status === "fetching") {
    status = { text: "Getting the address…", calm: false };
  }

  const lookupFailure =
    searched !== null && suggestionsQuery.isError && !suggestionsQuery.isFetching
      ? violationsOf(suggestionsQuery.error)
      : pick.status === "failed"
        ? pick.violations
        : null;

  return (
    <div>
      <PostcodeSearch
        id={postcodeId}
        label="Postcode"
        hint="For example, MK9 2HP"
        buttonLabel="Find address"
        value={typed}
        onChange={onPostcodeChange}
        onSearch={find}
        error={problem ?? error}
      />

      <div role="status">
        {status ? <p className={status.calm ? "inset-text" : undefined}>{status.text}</p> : null}
      </div>

      {lookupFailure ? (
        <ViolationsBox title="Sorry, we could not look up the address just now" violations={lookupFailure}>
          <p>You can enter the address manually instead.</p>
        </ViolationsBox>
      ) : null}

      {suggestions.length > 0 ? (
        <FormField
          id={listId}
          label="Select an address"
          error={pick.status === "refused" ? pick.message : undefined}
          errorPlacement="above"
          className={styles.chooser}
          afterInput={
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void chooseAddress()}
              aria-disabled={pick.status === "fetching" ? true : undefined}
            >
              Use this address
            </button>
          }
        >
          {(describedBy, hasError) => (
            <select
              className={hasError ? `input input--error ${styles.select}` : `input ${styles.select}`}
              id={listId}
              name={listId}
              ref={list}
              value={chosenId}
              onChange={(event) => choose(event.target.value)}
              aria-describedby={describedBy}
              aria-invalid={hasError ? true : undefined}
            >
              <option value="">
                {suggestions.length} {suggestions.length === 1 ? "address" : "addresses"} found
              </option>
              {suggestions.map((suggestion) => (
                <option key={suggestion.id} value={suggestion.id}>
                  {suggestion.text}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}

      <p>
        <button type="button" className="link-button" onClick={onManual}>
          Enter the address manually
        </button>
      </p>
    </div>
  );
}
