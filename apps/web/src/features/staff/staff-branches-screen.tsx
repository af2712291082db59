"use client";

import {
  branchDetailsChangeSchema,
  type BranchChangeBody,
  type BranchDetailsChange,
  type CatalogueChange,
} from "@kindred/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import { Checkbox } from "../../components/checkbox";
import { FormFieldset } from "../../components/form-field";
import { FormShell } from "../../components/form-shell";
import { useCheckboxField, useFormField, useSchemaForm } from "../../components/schema-form";
import { TextField } from "../../components/text-field";
import { useFormFailure } from "../../components/use-form-failure";
import {
  changeLabels,
  dayPlaced,
  EffectiveOnField,
  effectiveOnField,
  fromWhen,
  noDayYet,
  ReasonField,
  reasonField,
  UpcomingChanges,
  whatChanges,
} from "./catalogue-change-fields";
import { CatalogueChangePage } from "./catalogue-change-page";
import { SignedInStaffPage } from "./signed-in-staff-page";
import { changeBranch, readCatalogueAgain, type StaffBranch } from "./staff-catalogue-requests";
import { staffColumnHelper, StaffTable } from "./staff-table";
import catalogueStyles from "./staff-catalogue.module.css";
import styles from "./staff.module.css";

/** What closing a branch sets going, said where it is chosen. */
const closingFollows =
  "Closing the branch sends the plans it is appointed to to the appointments queue from that day, for staff to appoint another branch.";

/** /staff/branches (administrators): each branch's details now, and the changes to come. */
export function StaffBranchesScreen() {
  return (
    <SignedInStaffPage page="branches" title="Branches" needs="branches.change">
      {() => <Branches />}
    </SignedInStaffPage>
  );
}

function Branches() {
  return (
    <CatalogueChangePage<StaffBranch>
      what="the branches"
      intro={
        <p className={catalogueStyles.intro}>
          Each branch&apos;s details now, and the changes still to come. A change takes effect from the start
          of its day.
        </p>
      }
      formTitle={(row) => (row ? `Change the details of ${row.name}` : "Change details")}
      form={(row, changed) => (
        <BranchChangeForm branch={row} onChanged={(change) => changed(branchChanged(change))} />
      )}
    >
      {(catalogue, change) => <BranchTable branches={catalogue.branches} change={change} />}
    </CatalogueChangePage>
  );
}

function BranchTable({
  branches,
  change,
}: {
  branches: readonly StaffBranch[];
  change: (branch: StaffBranch) => void;
}) {
  const columns = useMemo(() => branchColumns(change), [change]);
  return <StaffTable rows={branches} columns={columns} named={{ caption: "Every branch" }} />;
}

/** The confirmation: what changes, from when, and what follows a closing. */
function branchChanged(change: CatalogueChange): string {
  const when = fromWhen(change.effectiveOn);
  const closes = change.details?.open === false ? ` ${closingFollows}` : "";
  return change.appliedAt !== null
    ? `${change.subject.name} is changed ${when}: ${whatChanges(change)}.${closes}`
    : `${change.subject.name} will change ${when}: ${whatChanges(change)}.${closes}`;
}

const branch = staffColumnHelper<StaffBranch>();

function branchColumns(change: (branch: StaffBranch) => void) {
  return branch.columns([
    branch.display({
      id: "name",
      header: "Branch",
      cell: ({ row }) => (
        <>
          <div>{row.original.name}</div>
          {row.original.isHeadOffice ? <div className={styles.detail}>Head office</div> : null}
          <button
            type="button"
            className={`button button--secondary ${catalogueStyles.rowAction}`}
            onClick={() => change(row.original)}
          >
            Change details <span className="visually-hidden">of {row.original.name}</span>
          </button>
        </>
      ),
    }),
    branch.accessor("open", { header: "Open", cell: (info) => (info.getValue() ? "Open" : "Closed") }),
    branch.display({
      id: "contact",
      header: "Phone, email and website",
      cell: ({ row }) => (
        <div className={styles.detail}>
          {row.original.phone}
          <br />
          {row.original.email}
          <br />
          {row.original.website}
        </div>
      ),
    }),
    branch.accessor("managerName", { header: "Manager" }),
    branch.accessor("upcoming", {
      header: "Changes to come",
      cell: (info) => <UpcomingChanges changes={info.getValue()} />,
    }),
  ]);
}

const textDetails = ["name", "phone", "email", "website", "managerName"] as const;
type TextDetail = (typeof textDetails)[number];
type TypedDetails = Record<TextDetail, string> & { open: boolean };

/** Only what differs from the branch as it is now (text compared as trimmed): the change to send. */
function changedDetails(now: StaffBranch, typed: TypedDetails): Partial<TypedDetails> {
  const changed: Partial<TypedDetails> = {};
  for (const key of textDetails) {
    if (typed[key].trim() !== now[key]) changed[key] = typed[key].trim();
  }
  if (typed.open !== now.open) changed.open = typed.open;
  return changed;
}

/**
 * The form's rules for `now`: the details as typed, of which only those changed are held to the
 * contract and sent (none changed is the contract's own message), the day and the reason.
 */
function branchChangeForm(now: StaffBranch) {
  return z.object({
    details: z
      .object({
        name: z.string(),
        phone: z.string(),
        email: z.string(),
        website: z.string(),
        managerName: z.string(),
        open: z.boolean(),
      })
      .transform((typed) => changedDetails(now, typed))
      .pipe(branchDetailsChangeSchema),
    effectiveOn: effectiveOnField,
    reason: reasonField,
  });
}

const branchLabels = {
  "details.name": "Name",
  "details.phone": "Phone number",
  "details.email": "Email address",
  "details.website": "Website",
  "details.managerName": "Manager's name",
  "details.open": "The branch is open",
  ...changeLabels,
} as const;

function BranchChangeForm({
  branch: now,
  onChanged,
}: {
  branch: StaffBranch;
  onChanged: (change: CatalogueChange) => void;
}) {
  const queryClient = useQueryClient();
  const schema = useMemo(() => branchChangeForm(now), [now]);
  const form = useSchemaForm({
    schema,
    idPrefix: "branch-change",
    labels: branchLabels,
    defaultValues: {
      details: {
        name: now.name,
        phone: now.phone,
        email: now.email,
        website: now.website,
        managerName: now.managerName,
        open: now.open,
      },
      effectiveOn: noDayYet,
      reason: "",
    },
  });
  const name = useFormField(form, "details.name");
  const phone = useFormField(form, "details.phone");
  const email = useFormField(form, "details.email");
  const website = useFormField(form, "details.website");
  const manager = useFormField(form, "details.managerName");
  const open = useCheckboxField(form, "details.open");
  // Each part of the day is checked again as the others change: a date is right or wrong whole.
  const effectiveOn = {
    day: useFormField(form, "effectiveOn.day", ["effectiveOn.month", "effectiveOn.year"]),
    month: useFormField(form, "effectiveOn.month", ["effectiveOn.day", "effectiveOn.year"]),
    year: useFormField(form, "effectiveOn.year", ["effectiveOn.day", "effectiveOn.month"]),
  };
  const reason = useFormField(form, "reason");
  const failure = useFormFailure(form.form, ["details", ...Object.keys(branchLabels)]);
  const nothingChanged = form.form.formState.errors.details?.message;

  async function change(body: { details: BranchDetailsChange; effectiveOn: string; reason: string }) {
    failure.clear();
    let made: CatalogueChange;
    try {
      made = await changeBranch(now.branchId, body satisfies BranchChangeBody);
    } catch (error) {
      failure.fail(dayPlaced(error));
      return;
    }
    onChanged(made);
    await readCatalogueAgain(queryClient);
  }

  return (
    <>
      <p>Change only what changes: the rest is kept as it is.</p>
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={change}
        submitLabel="Change the details"
        busyLabel="Changing the details…"
        before={failure.box("The details were not changed")}
      >
        <FormFieldset id="branch-change-details" legend="The branch's details" error={nothingChanged}>
          <TextField {...name} label={branchLabels["details.name"]} autoComplete="off" />
          <TextField {...phone} label={branchLabels["details.phone"]} autoComplete="off" />
          <TextField {...email} label={branchLabels["details.email"]} type="email" autoComplete="off" />
          <TextField
            {...website}
            label={branchLabels["details.website"]}
            hint="Starting https://"
            autoComplete="off"
          />
          <TextField {...manager} label={branchLabels["details.managerName"]} autoComplete="off" />
          <Checkbox
            {...open}
            label={branchLabels["details.open"]}
            hint="Untick to close the branch; tick to open it again."
          />
          {now.open && !open.checked ? (
            <div className={catalogueStyles.notice} role="note" aria-label="What closing does">
              <p>{closingFollows}</p>
            </div>
          ) : null}
        </FormFieldset>
        <EffectiveOnField {...effectiveOn} />
        <ReasonField field={reason} />
      </FormShell>
    </>
  );
}
