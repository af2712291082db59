"use client";

import {
  optionPriceChangeBodySchema,
  type CatalogueChange,
  type OptionPriceChangeBody,
} from "@kindred/contracts";
import { formatPrice, staffMessages, typedPoundsToPence } from "@kindred/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import { FormShell } from "../../components/form-shell";
import { MoneyField } from "../../components/money-field";
import { useFormField, useSchemaForm } from "../../components/schema-form";
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
} from "./catalogue-change-fields";
import { CatalogueChangePage } from "./catalogue-change-page";
import { SignedInStaffPage } from "./signed-in-staff-page";
import { changeOptionPrice, readCatalogueAgain, type StaffCatalogueOption } from "./staff-catalogue-requests";
import { staffColumnHelper, StaffTable } from "./staff-table";
import styles from "./staff-catalogue.module.css";

/** What follows from a new price, said on the page and in the form. */
const whatFollows =
  "Plans already paid for keep the price they were sold at. Plans still being planned show the new price from its day, with a notice telling the customer the price has changed.";

/** /staff/catalogue (administrators): every option by kind, its price now and the changes to come. */
export function StaffCatalogueScreen() {
  return (
    <SignedInStaffPage page="catalogue" title="Catalogue and prices" needs="catalogue.change">
      {() => <Catalogue />}
    </SignedInStaffPage>
  );
}

function Catalogue() {
  return (
    <CatalogueChangePage<StaffCatalogueOption>
      what="the catalogue"
      intro={
        <p className={styles.intro}>
          Each option&apos;s price now, and the changes still to come. {whatFollows}
        </p>
      }
      formTitle={(row) => (row ? `Change the price of ${row.name}` : "Change the price")}
      form={(row, changed) => (
        <PriceChangeForm option={row} onChanged={(change) => changed(priceChanged(change))} />
      )}
    >
      {(catalogue, change) => <OptionTables options={catalogue.options} change={change} />}
    </CatalogueChangePage>
  );
}

/** The options by kind, each kind where its first option comes in the journey's order. */
function OptionTables({
  options,
  change,
}: {
  options: readonly StaffCatalogueOption[];
  change: (option: StaffCatalogueOption) => void;
}) {
  const columns = useMemo(() => optionColumns(change), [change]);
  const kinds = new Map<string, StaffCatalogueOption[]>();
  for (const option of options) kinds.set(option.kindName, [...(kinds.get(option.kindName) ?? []), option]);
  return [...kinds].map(([kind, ofKind], index) => (
    <section key={kind} className={styles.kind}>
      <h2 id={`catalogue-kind-${index}`}>{kind}</h2>
      <StaffTable rows={ofKind} columns={columns} named={{ labelledBy: `catalogue-kind-${index}` }} />
    </section>
  ));
}

/** The confirmation: what the option will cost, from when, and what that means for plans. */
function priceChanged(change: CatalogueChange): string {
  const price = formatPrice(change.pricePence ?? 0);
  const now = change.appliedAt !== null;
  return `${change.subject.name} ${now ? "now costs" : "will cost"} ${price} ${fromWhen(change.effectiveOn)}. Plans already paid for keep the price they were sold at.`;
}

const option = staffColumnHelper<StaffCatalogueOption>();

function optionColumns(change: (option: StaffCatalogueOption) => void) {
  return option.columns([
    option.display({
      id: "name",
      header: "Option",
      cell: ({ row }) => (
        <>
          <div>{row.original.name}</div>
          <button
            type="button"
            className={`button button--secondary ${styles.rowAction}`}
            onClick={() => change(row.original)}
          >
            Change the price <span className="visually-hidden">of {row.original.name}</span>
          </button>
        </>
      ),
    }),
    option.accessor("pricePence", { header: "Price now", cell: (info) => formatPrice(info.getValue()) }),
    option.accessor("upcoming", {
      header: "Changes to come",
      cell: (info) => <UpcomingChanges changes={info.getValue()} />,
    }),
    option.accessor("visible", {
      header: "Shown to customers",
      cell: (info) => (info.getValue() ? "Yes" : "No, hidden"),
    }),
  ]);
}

/** The price as typed in pounds ("2,950.00", "£12.50"), turned into pence and held to the contract. */
const typedPrice = z
  .string()
  .transform((typed, context) => {
    const pence = typedPoundsToPence(typed);
    if (pence === null) {
      context.addIssue({ code: "custom", message: staffMessages.catalogueChangePriceNeeded });
      return z.NEVER;
    }
    return pence;
  })
  .pipe(optionPriceChangeBodySchema.shape.pricePence);

const priceChangeForm = z.object({
  pricePence: typedPrice,
  effectiveOn: effectiveOnField,
  reason: reasonField,
});
const priceLabels = { pricePence: "New price", ...changeLabels } as const;

function PriceChangeForm({
  option: changed,
  onChanged,
}: {
  option: StaffCatalogueOption;
  onChanged: (change: CatalogueChange) => void;
}) {
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: priceChangeForm,
    idPrefix: "price-change",
    labels: priceLabels,
    defaultValues: { pricePence: "", effectiveOn: noDayYet, reason: "" },
  });
  const price = useFormField(form, "pricePence");
  // Each part of the day is checked again as the others change: a date is right or wrong whole.
  const effectiveOn = {
    day: useFormField(form, "effectiveOn.day", ["effectiveOn.month", "effectiveOn.year"]),
    month: useFormField(form, "effectiveOn.month", ["effectiveOn.day", "effectiveOn.year"]),
    year: useFormField(form, "effectiveOn.year", ["effectiveOn.day", "effectiveOn.month"]),
  };
  const reason = useFormField(form, "reason");
  const failure = useFormFailure(form.form, Object.keys(priceLabels));

  async function change(body: OptionPriceChangeBody) {
    failure.clear();
    let made: CatalogueChange;
    try {
      made = await changeOptionPrice(changed.optionId, body);
    } catch (error) {
      failure.fail(dayPlaced(error));
      return;
    }
    onChanged(made);
    await readCatalogueAgain(queryClient);
  }

  return (
    <>
      <p>
        {changed.kindName}, now {formatPrice(changed.pricePence)}.
      </p>
      <div className={styles.notice}>
        <p>{whatFollows}</p>
      </div>
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={change}
        submitLabel="Change the price"
        busyLabel="Changing the price…"
        before={failure.box("The price was not changed")}
      >
        <MoneyField
          id={price.id}
          label={priceLabels.pricePence}
          hint="In pounds, like 2950 or 2,950.00."
          value={price.value}
          onChange={price.onChange}
          error={price.error?.[0]}
        />
        <EffectiveOnField {...effectiveOn} />
        <ReasonField field={reason} />
      </FormShell>
    </>
  );
}
