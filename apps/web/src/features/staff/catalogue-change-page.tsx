"use client";

import type { StaffCatalogue } from "@kindred/contracts";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useState, type ReactNode } from "react";
import { FocusOnArrival } from "../../components/focus-on-arrival";
import { LoadingSpinner } from "../../components/loading-spinner";
import { Modal } from "../../components/modal";
import { SuccessBox } from "../../components/success-box";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { staffCatalogueQueries } from "./staff-catalogue-requests";
import { staffPaths } from "./staff-navigation";

/**
 * The frame the catalogue's and the branches' pages share (issue 24 item 6): the catalogue read
 * once, its loading and failure, the words above the table with the link to every change, the
 * confirmation of the last change (which takes focus, so a phone's page scrolls up to it) and the
 * change form in the shared `Modal`.
 */
export function CatalogueChangePage<Row extends { name: string }>({
  what,
  intro,
  formTitle,
  form,
  children,
}: {
  /** "the catalogue", "the branches": what is loading, or could not be loaded. */
  what: string;
  intro: ReactNode;
  /** The form's title for a row ("Change the price of The Brecon"), or without one. */
  formTitle: (row: Row | null) => string;
  /** The change form for `row`; `changed` closes it and confirms in the words given. */
  form: (row: Row, changed: (confirmation: string) => void) => ReactNode;
  /** The tables, from the catalogue, each row's button calling `change` with its row. */
  children: (catalogue: StaffCatalogue, change: (row: Row) => void) => ReactNode;
}) {
  const catalogue = useQuery(staffCatalogueQueries.catalogue());
  const [changing, setChanging] = useState<Row | null>(null);
  const [done, setDone] = useState<{ text: string; count: number } | null>(null);
  // Once a change is made its confirmation takes focus, rather than the button that opened the form.
  const [changed, setChanged] = useState(false);
  const change = useCallback((row: Row) => {
    setChanged(false);
    setChanging(row);
  }, []);

  if (catalogue.status === "pending") return <LoadingSpinner label={`Loading ${what}…`} />;
  if (catalogue.status === "error") {
    return (
      <ViolationsBox title={`Sorry, we could not load ${what}`} violations={violationsOf(catalogue.error)} />
    );
  }
  return (
    <>
      {intro}
      <p>
        <a href={staffPaths.catalogueChanges}>Every change made, newest first</a>
      </p>
      {done ? (
        <FocusOnArrival key={done.count}>
          <SuccessBox>
            <p>{done.text}</p>
          </SuccessBox>
        </FocusOnArrival>
      ) : null}
      {children(catalogue.data, change)}
      <Modal
        open={changing !== null}
        onClose={() => setChanging(null)}
        returnFocus={!changed}
        title={formTitle(changing)}
      >
        {changing
          ? form(changing, (confirmation) => {
              setChanged(true);
              setChanging(null);
              setDone((previous) => ({ text: confirmation, count: (previous?.count ?? 0) + 1 }));
            })
          : null}
      </Modal>
    </>
  );
}
