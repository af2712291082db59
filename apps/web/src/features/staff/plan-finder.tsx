"use client";

import { formatLongDate } from "@kindred/domain";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { LoadingSpinner } from "../../components/loading-spinner";
import { TextField } from "../../components/text-field";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { staffPaths } from "./staff-navigation";
import { staffQueries, type StaffPlanSearchResult } from "./staff-requests";
import { planStatusNames } from "./staff-words";
import styles from "./staff.module.css";

/**
 * Finding the plan a report of a death is about (issue 50 item 8), inside the dialog that matches
 * it: the back office's plan search (each search recorded), its first page, each bought plan with
 * a button that chooses it. Only a bought plan can be matched.
 */
export function PlanFinder({
  searchFirst,
  onChoose,
}: {
  /** What the box holds to begin with: the name of the person who died. */
  searchFirst: string;
  /** Called with the chosen plan's short reference, as staff read it back. */
  onChoose: (reference: string) => void;
}) {
  const [typed, setTyped] = useState(searchFirst);
  const [searched, setSearched] = useState<string | null>(null);
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearched(typed.trim());
  };
  return (
    <>
      <form role="search" aria-label="Search our plans" onSubmit={search}>
        <TextField
          id="plan-finder-q"
          label="Find the plan"
          hint="Part of a name, postcode, email address, phone number or plan reference."
          autoComplete="off"
          value={typed}
          onChange={setTyped}
        />
        <div className={styles.actions}>
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
      </form>
      {searched === null ? null : <Found q={searched} onChoose={onChoose} />}
    </>
  );
}

const described = (plan: StaffPlanSearchResult) =>
  [
    plan.customerName ?? "No name yet",
    plan.coveredPersonName ? `for ${plan.coveredPersonName}` : null,
    plan.postcode,
    plan.boughtOn ? `bought ${formatLongDate(plan.boughtOn)}` : planStatusNames[plan.status],
  ]
    .filter((part) => part !== null)
    .join(", ");

function Found({ q, onChoose }: { q: string; onChoose: (reference: string) => void }) {
  const found = useQuery(staffQueries.planSearch(q, null));
  if (found.status === "pending") return <LoadingSpinner label="Searching…" />;
  if (found.status === "error") {
    return <ViolationsBox title="Sorry, we could not search" violations={violationsOf(found.error)} />;
  }
  const { results, next } = found.data;
  if (results.length === 0) return <p role="status">No plans match &ldquo;{q}&rdquo;.</p>;
  return (
    <div role="region" aria-label="Plans found">
      <ul>
        {results.map((plan) => (
          <li key={plan.planId}>
            <a href={staffPaths.plan(plan.planId)} target="_blank" rel="noreferrer">
              {described(plan)}
            </a>
            {plan.status === "bought" ? (
              <>
                {" "}
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Choose the plan of ${described(plan)}`}
                  onClick={() => onChoose(plan.planReference)}
                >
                  Choose this plan
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {next === null ? null : <p>Only the first 20 are shown: search with more of a name or the postcode.</p>}
    </div>
  );
}
