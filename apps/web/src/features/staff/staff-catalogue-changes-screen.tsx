"use client";

import type { CatalogueChange } from "@kindred/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadingSpinner } from "../../components/loading-spinner";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { formatLongDate } from "@kindred/domain";
import { whatChanges } from "./catalogue-change-fields";
import { SignedInStaffPage } from "./signed-in-staff-page";
import { staffCatalogueQueries } from "./staff-catalogue-requests";
import { staffPaths } from "./staff-navigation";
import { staffColumnHelper, StaffPager, StaffTable } from "./staff-table";
import { formatMoment } from "./staff-words";
import styles from "./staff.module.css";

/** /staff/catalogue/changes (administrators): every price and branch change kept, newest first. */
export function StaffCatalogueChangesScreen() {
  return (
    <SignedInStaffPage page="catalogue" title="Catalogue and branch changes" needs="catalogue.change">
      {() => (
        <>
          <p>
            <a href={staffPaths.catalogue}>Catalogue and prices</a> ·{" "}
            <a href={staffPaths.branches}>Branches</a>
          </p>
          <ChangePages />
        </>
      )}
    </SignedInStaffPage>
  );
}

function ChangePages() {
  const [page, setPage] = useState(1);
  const changes = useQuery(staffCatalogueQueries.changes(page));
  if (changes.status === "pending") return <LoadingSpinner label="Loading the changes…" />;
  if (changes.status === "error") {
    return (
      <ViolationsBox title="Sorry, we could not load the changes" violations={violationsOf(changes.error)} />
    );
  }
  const { items, nextPage } = changes.data;
  if (items.length === 0 && page === 1) return <p role="status">No change has been made yet.</p>;
  const caption = page === 1 ? "Newest first" : `Newest first, page ${page}`;
  return (
    <>
      <StaffTable rows={items} columns={changeColumns} named={{ caption }} />
      <StaffPager page={page} nextPage={nextPage} onPage={setPage} />
    </>
  );
}

const change = staffColumnHelper<CatalogueChange>();
const changeColumns = change.columns([
  change.accessor("madeAt", { header: "Made", cell: (info) => formatMoment(info.getValue()) }),
  change.accessor("madeBy", { header: "By", cell: (info) => info.getValue() ?? "Catalogue release" }),
  change.display({
    id: "subject",
    header: "What",
    cell: ({ row }) => {
      const { subject } = row.original;
      return `${subject.name} (${subject.kind === "option" ? "price" : "branch"})`;
    },
  }),
  change.display({
    id: "change",
    header: "Change",
    cell: ({ row }) => <div className={styles.detail}>{whatChanges(row.original)}</div>,
  }),
  change.accessor("effectiveOn", { header: "From", cell: (info) => formatLongDate(info.getValue()) }),
  change.accessor("appliedAt", {
    header: "Taken effect",
    cell: (info) => {
      const applied = info.getValue();
      return applied === null ? "Not yet" : `Yes, ${formatMoment(applied)}`;
    },
  }),
  change.accessor("reason", {
    header: "Why",
    cell: (info) => <div className={styles.detail}>{info.getValue()}</div>,
  }),
]);
