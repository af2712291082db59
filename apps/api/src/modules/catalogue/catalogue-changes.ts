import type {
  BranchChangeBody,
  BranchDetailsChange,
  CatalogueChange,
  OptionPriceChangeBody,
  StaffCatalogue,
} from "@kindred/contracts";
import { catalogueChangeDateProblems, journeyStepLabels, staffMessages, ukToday } from "@kindred/domain";
import { and, asc, desc, eq, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import {
  catalogueChanges,
  catalogueOptions,
  funeralDirectorBranches,
  staffMembers,
  type CatalogueOptionKind,
  type StoredBranchChange,
  type StoredCatalogueChange,
} from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";

/**
 * Catalogue and branch changes with dates (issue 24 item 6; docs/decisions/032-catalogue-changes.md).
 * The option and branch rows hold what is in effect now; `catalogue_changes` is the dated history
 * and the schedule. A change is written into its row when it falls due, in one transaction with
 * setting its `applied_at`: at once when it is for today, otherwise by the sweep each minute. A
 * catalogue release (the seed) records its changes the same way, with no author.
 */

/**
 * What each kind of option is, in words (the journey's step names where a step holds one kind),
 * in the journey's order. Contact methods have no price, so are not listed.
 */
const kindNames = {
  attendance: journeyStepLabels.attendance,
  remains: journeyStepLabels["burial-cremation"],
  celebrant: journeyStepLabels.celebrant,
  pallbearer: journeyStepLabels.pallbearers,
  deceasedTransport: "Transport for the person who has died",
  attendeeTransport: "Transport for family and friends",
  coffin: journeyStepLabels.coffin,
  ashesTreatment: journeyStepLabels.ashes,
  flowerArrangement: "Flowers",
} as const satisfies Partial<Record<CatalogueOptionKind, string>>;
const journeyKinds = Object.keys(kindNames) as (keyof typeof kindNames)[];

/** The reason every change a catalogue release makes is kept with. */
const releaseReason = "Catalogue release";

/** How many changes a page of the history holds. */
const changesPageSize = 20;

/** The branch details a change may set, as the contract names them and as they are stored. */
const branchFields = [
  ["name", "name"],
  ["phone", "phone"],
  ["email", "email"],
  ["website", "website"],
  ["managerName", "managerName"],
  ["open", "active"],
] as const satisfies readonly (readonly [keyof BranchDetailsChange, keyof StoredBranchChange])[];

type BranchDetails = Required<StoredBranchChange>;

function storedBranchChange(details: BranchDetailsChange): StoredBranchChange {
  const stored: Record<string, unknown> = {};
  for (const [field, column] of branchFields) {
    if (details[field] !== undefined) stored[column] = details[field];
  }
  return stored as StoredBranchChange;
}

function contractBranchDetails(stored: StoredBranchChange): BranchDetailsChange {
  const details: Record<string, unknown> = {};
  for (const [field, column] of branchFields) {
    if (stored[column] !== undefined) details[field] = stored[column];
  }
  return details as BranchDetailsChange;
}

const isPriceChange = (change: StoredCatalogueChange): change is { pricePence: number } =>
  "pricePence" in change;

/** The start (00:00 UK time) of the UK day `isoDate`. */
const startOfUkDay = (isoDate: string) => sql`(${isoDate}::date)::timestamp at time zone 'Europe/London'`;

// Applying changes that have fallen due --------------------------------------------------------

/** Writes every change due by `now` into its row, in `transaction`, oldest first; answers how many. */
async function applyDueIn(transaction: Database, now: Date): Promise<number> {
  // Skip locked: a change another process is applying is left to it, so none is applied twice.
  const due = await transaction
    .select()
    .from(catalogueChanges)
    .where(and(isNull(catalogueChanges.appliedAt), lte(catalogueChanges.effectiveAt, now)))
    .orderBy(asc(catalogueChanges.effectiveAt), asc(catalogueChanges.id))
    .for("update", { skipLocked: true });
  for (const change of due) {
    if (change.optionId !== null && isPriceChange(change.change)) {
      await transaction
        .update(catalogueOptions)
        .set({ pricePence: change.change.pricePence })
        .where(eq(catalogueOptions.id, change.optionId));
    } else if (change.branchId !== null && !isPriceChange(change.change)) {
      await transaction
        .update(funeralDirectorBranches)
        .set(change.change)
        .where(eq(funeralDirectorBranches.id, change.branchId));
    }
    await transaction
      .update(catalogueChanges)
      .set({ appliedAt: now })
      .where(eq(catalogueChanges.id, change.id));
  }
  return due.length;
}

/**
 * Writes every change that has fallen due by `now` (and is not applied yet) into its option or
 * branch, in the order they take effect and were made (so the later-made of two for one day
 * wins), and marks each applied, in one transaction. Answers how many it applied.
 */
export function applyDueCatalogueChanges(db: Database, now: Date): Promise<number> {
  return db.transaction((transaction) => applyDueIn(transaction, now));
}

const sweepEveryMs = 60_000;

/**
 * Applies the changes that have fallen due every minute, in every API process (each applies what
 * no other has); answers a function that stops it. A failure is logged and tried again.
 */
export function applyCatalogueChangesEvery(db: Database, log: FastifyBaseLogger): () => void {
  const every = setInterval(() => {
    applyDueCatalogueChanges(db, new Date()).then(
      (applied) => {
        if (applied > 0) log.info({ applied }, "applied the catalogue changes that fell due");
      },
      (error: unknown) => {
        log.warn(
          { reason: (error as Error).name },
          "could not apply the catalogue changes due; will try again",
        );
      },
    );
  }, sweepEveryMs).unref();
  return () => clearInterval(every);
}

// A catalogue release ------------------------------------------------------------------------

/** What the catalogue files say of each option's price and each branch's details, by row id. */
export interface CatalogueRelease {
  options: { id: number; pricePence: number }[];
  branches: ({ id: number } & BranchDetails)[];
}

/**
 * Records a release's changes in the seed's transaction and applies them at once: for each option
 * and branch, what the files say that differs from what the last release set (a row no release
 * has set yet differs in everything). What is the same is left alone, so a change staff made
 * stays in place when the API starts again with the same files.
 */
export async function recordCatalogueRelease(
  transaction: Database,
  release: CatalogueRelease,
  now: Date,
): Promise<void> {
  const released = await transaction
    .select({
      optionId: catalogueChanges.optionId,
      branchId: catalogueChanges.branchId,
      change: catalogueChanges.change,
    })
    .from(catalogueChanges)
    .where(isNull(catalogueChanges.madeBy))
    .orderBy(asc(catalogueChanges.id));
  const lastPrice = new Map<number, number>();
  const lastDetails = new Map<number, StoredBranchChange>();
  for (const { optionId, branchId, change } of released) {
    if (optionId !== null && isPriceChange(change)) lastPrice.set(optionId, change.pricePence);
    if (branchId !== null && !isPriceChange(change)) {
      lastDetails.set(branchId, { ...lastDetails.get(branchId), ...change });
    }
  }

  const changes: (typeof catalogueChanges.$inferInsert)[] = [];
  const made = { effectiveAt: now, reason: releaseReason, madeBy: null, madeAt: now };
  for (const option of release.options) {
    if (lastPrice.get(option.id) !== option.pricePence) {
      changes.push({ ...made, optionId: option.id, change: { pricePence: option.pricePence } });
    }
  }
  for (const { id, ...details } of release.branches) {
    const last = lastDetails.get(id) ?? {};
    const differs = Object.fromEntries(
      branchFields
        .map(([, column]) => [column, details[column]] as const)
        .filter(([column, value]) => last[column] !== value),
    ) as StoredBranchChange;
    if (Object.keys(differs).length > 0) changes.push({ ...made, branchId: id, change: differs });
  }
  if (changes.length > 0) await transaction.insert(catalogueChanges).values(changes);
  // With anything else that fell due while no process was running.
  await applyDueIn(transaction, now);
}

// Reading the catalogue and its changes ------------------------------------------------------

async function selectChanges(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  page?: { limit: number; offset: number },
): Promise<CatalogueChange[]> {
  const query = db
    .select({
      change: catalogueChanges,
      optionName: catalogueOptions.name,
      branchName: funeralDirectorBranches.name,
      madeBy: staffMembers.name,
    })
    .from(catalogueChanges)
    .leftJoin(catalogueOptions, eq(catalogueOptions.id, catalogueChanges.optionId))
    .leftJoin(funeralDirectorBranches, eq(funeralDirectorBranches.id, catalogueChanges.branchId))
    .leftJoin(staffMembers, eq(staffMembers.id, catalogueChanges.madeBy))
    .where(where)
    .orderBy(...order);
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ change, optionName, branchName, madeBy }) => {
    const stored = change.change;
    return {
      changeId: change.id,
      subject:
        change.optionId !== null
          ? { kind: "option", optionId: change.optionId, name: optionName ?? "" }
          : { kind: "branch", branchId: change.branchId!, name: branchName ?? "" },
      pricePence: isPriceChange(stored) ? stored.pricePence : null,
      details: isPriceChange(stored) ? null : contractBranchDetails(stored),
      effectiveOn: ukToday(change.effectiveAt),
      reason: change.reason,
      madeBy: change.madeBy === null ? null : (madeBy ?? ""),
      madeAt: change.madeAt.toISOString(),
      appliedAt: change.appliedAt?.toISOString() ?? null,
    };
  });
}

/**
 * Every priced option in the journey's order and every branch (the head office first, then by
 * name), each as it is now with the changes still to come, soonest first.
 */
export async function staffCatalogue(db: Database): Promise<StaffCatalogue> {
  const options = await db.select().from(catalogueOptions).where(ne(catalogueOptions.kind, "contactMethod"));
  const branches = await db
    .select()
    .from(funeralDirectorBranches)
    .orderBy(desc(funeralDirectorBranches.isHeadOffice), asc(funeralDirectorBranches.name));
  const upcoming = await selectChanges(db, isNull(catalogueChanges.appliedAt), [
    asc(catalogueChanges.effectiveAt),
    asc(catalogueChanges.id),
  ]);
  const kindOrder = (kind: CatalogueOptionKind) => journeyKinds.indexOf(kind as keyof typeof kindNames);
  return {
    options: options
      .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.position - b.position)
      .map((option) => ({
        optionId: option.id,
        kindName: kindNames[option.kind as keyof typeof kindNames],
        code: option.code,
        name: option.name,
        pricePence: option.pricePence,
        visible: option.visible,
        upcoming: upcoming.filter(
          (change) => change.subject.kind === "option" && change.subject.optionId === option.id,
        ),
      })),
    branches: branches.map((branch) => ({
      branchId: branch.id,
      code: branch.code,
      name: branch.name,
      phone: branch.phone,
      email: branch.email,
      website: branch.website,
      managerName: branch.managerName,
      open: branch.active,
      isHeadOffice: branch.isHeadOffice,
      upcoming: upcoming.filter(
        (change) => change.subject.kind === "branch" && change.subject.branchId === branch.id,
      ),
    })),
  };
}

/** A page of every change kept, the newest made first. */
export async function catalogueChangesPage(db: Database, page: number) {
  const items = await selectChanges(
    db,
    undefined,
    [desc(catalogueChanges.madeAt), desc(catalogueChanges.id)],
    {
      limit: changesPageSize + 1,
      offset: (page - 1) * changesPageSize,
    },
  );
  return {
    items: items.slice(0, changesPageSize),
    page,
    nextPage: items.length > changesPageSize ? page + 1 : null,
  };
}

// Making a change ----------------------------------------------------------------------------

/** Who makes a change, and how it is recorded in the audit log in the same transaction. */
export interface ChangeAuthor {
  staffMemberId: string;
  /** Writes the audit entry, with what was changed by name, in the change's transaction. */
  record: (transaction: Database, detail: Record<string, unknown>) => Promise<void>;
}

function checkDate(effectiveOn: string, now: Date): void {
  const problems = catalogueChangeDateProblems(effectiveOn, ukToday(now));
  if (problems.length > 0) {
    throw new ViolationError(problems.map((title) => ({ propertyPath: "effectiveOn", title })));
  }
}

/** Keeps `change`, applies it at once when it is for today, and answers it as kept. */
async function keepChange(
  transaction: Database,
  change: Omit<typeof catalogueChanges.$inferInsert, "effectiveAt">,
  effectiveOn: string,
  now: Date,
): Promise<number> {
  const [kept] = await transaction
    .insert(catalogueChanges)
    .values({ ...change, madeAt: now, effectiveAt: startOfUkDay(effectiveOn) })
    .returning({ id: catalogueChanges.id });
  await applyDueIn(transaction, now);
  return kept!.id;
}

async function keptChange(db: Database, changeId: number): Promise<CatalogueChange> {
  const [change] = await selectChanges(db, eq(catalogueChanges.id, changeId), [asc(catalogueChanges.id)]);
  return change!;
}

/**
 * An administrator's new price for an option from a UK day on, kept with why, and recorded in the
 * audit log (the price in effect before, the new one, the day) in the same transaction.
 */
export async function changeOptionPrice(
  db: Database,
  author: ChangeAuthor,
  optionId: number,
  { pricePence, effectiveOn, reason }: OptionPriceChangeBody,
  now = new Date(),
): Promise<CatalogueChange> {
  const changeId = await db.transaction(async (transaction) => {
    const [option] = await transaction
      .select({ pricePence: catalogueOptions.pricePence })
      .from(catalogueOptions)
      .where(and(eq(catalogueOptions.id, optionId), ne(catalogueOptions.kind, "contactMethod")));
    if (!option) {
      throw new ViolationError(
        [{ propertyPath: "optionId", title: staffMessages.noSuchCatalogueOption }],
        404,
      );
    }
    checkDate(effectiveOn, now);
    const id = await keepChange(
      transaction,
      { optionId, change: { pricePence }, reason, madeBy: author.staffMemberId },
      effectiveOn,
      now,
    );
    await author.record(transaction, {
      changeId: id,
      optionId,
      oldPricePence: option.pricePence,
      newPricePence: pricePence,
      effectiveOn,
    });
    return id;
  });
  return keptChange(db, changeId);
}

/**
 * An administrator's change to some of a branch's details from a UK day on (closing it, say), kept
 * with why, and recorded in the audit log (the names of the fields changed, never their values).
 */
export async function changeBranch(
  db: Database,
  author: ChangeAuthor,
  branchId: number,
  { details, effectiveOn, reason }: BranchChangeBody,
  now = new Date(),
): Promise<CatalogueChange> {
  const changeId = await db.transaction(async (transaction) => {
    const [branch] = await transaction
      .select({ id: funeralDirectorBranches.id })
      .from(funeralDirectorBranches)
      .where(eq(funeralDirectorBranches.id, branchId));
    if (!branch) {
      throw new ViolationError([{ propertyPath: "branchId", title: staffMessages.noSuchBranch }], 404);
    }
    checkDate(effectiveOn, now);
    const id = await keepChange(
      transaction,
      { branchId, change: storedBranchChange(details), reason, madeBy: author.staffMemberId },
      effectiveOn,
      now,
    );
    await author.record(transaction, {
      changeId: id,
      branchId,
      fields: branchFields.map(([field]) => field).filter((field) => details[field] !== undefined),
      effectiveOn,
    });
    return id;
  });
  return keptChange(db, changeId);
}
