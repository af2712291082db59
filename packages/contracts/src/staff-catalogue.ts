import { emailProblems, messages, phoneProblems, staffMessages } from "@kindred/domain";
import { z } from "zod";
import { ruled } from "./ruled";

/**
 * Catalogue and branch changes with dates (issue 24 item 6; docs/decisions/032-catalogue-changes.md):
 * an administrator changes an option's price or a branch's details from a day on; each change is
 * kept with who made it, when and why. Plans already paid for keep the price they were sold at.
 */

const dateTime = z.iso.datetime({ offset: true });

/** The UK day a change takes effect, from its start (00:00 UK time). Today means at once. */
const effectiveOn = z.iso.date({ error: staffMessages.catalogueChangeDateNeeded });
const reason = z
  .string({ error: staffMessages.catalogueChangeReasonNeeded })
  .trim()
  .min(1, staffMessages.catalogueChangeReasonNeeded)
  .max(500, staffMessages.catalogueChangeReasonTooLong);

/** The most an option may cost: £100,000. */
const largestOptionPricePence = 100_000_00;

/** `POST /api/staff/catalogue/options/{optionId}/price-changes`: the new price from a day on, and why. */
export const optionPriceChangeBodySchema = z.object({
  pricePence: z
    .number({ error: staffMessages.catalogueChangePriceNeeded })
    .int({ error: staffMessages.catalogueChangePriceNeeded })
    .min(0, { error: staffMessages.catalogueChangePriceNeeded })
    .max(largestOptionPricePence, { error: staffMessages.catalogueChangePriceTooHigh }),
  effectiveOn,
  reason,
});
export type OptionPriceChangeBody = z.infer<typeof optionPriceChangeBodySchema>;

const trimmedText = (needed: string, maximum: number) =>
  z.string({ error: needed }).trim().min(1, needed).max(maximum, messages.tooLong(maximum));

/** The details of a branch the back office may change; a move of address comes with a release. */
export const branchDetailsChangeSchema = z
  .object({
    name: trimmedText(staffMessages.branchNameNeeded, 100),
    phone: ruled(phoneProblems).transform((phone) => phone.trim()),
    email: ruled(emailProblems).transform((email) => email.trim()),
    website: z.url({ protocol: /^https$/, error: staffMessages.branchWebsiteInvalid }),
    managerName: trimmedText(staffMessages.branchManagerNeeded, 100),
    /** False closes the branch (its plans go to the appointments queue); true opens it again. */
    open: z.boolean(),
  })
  .partial()
  .refine((details) => Object.values(details).some((value) => value !== undefined), {
    error: staffMessages.branchChangeNeedsADetail,
  });
export type BranchDetailsChange = z.infer<typeof branchDetailsChangeSchema>;

/**
 * The branch details a kept change sets, as answered: plain values, with none of the body's
 * trimming (a response is encoded through its schema, and a transform cannot be run backwards).
 */
const branchDetailsSetSchema = z
  .object({
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    website: z.string(),
    managerName: z.string(),
    open: z.boolean(),
  })
  .partial();

/** `POST /api/staff/branches/{branchId}/changes`: some of a branch's details from a day on, and why. */
export const branchChangeBodySchema = z.object({ details: branchDetailsChangeSchema, effectiveOn, reason });
export type BranchChangeBody = z.infer<typeof branchChangeBodySchema>;

/** One change as kept: what it changes, from when, who made it (null: a catalogue release) and why. */
export const catalogueChangeSchema = z.object({
  changeId: z.number().int(),
  subject: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("option"), optionId: z.number().int(), name: z.string() }),
    z.object({ kind: z.literal("branch"), branchId: z.number().int(), name: z.string() }),
  ]),
  /** An option's new price, or the branch details it sets (only those given change). */
  pricePence: z.number().int().nullable(),
  details: branchDetailsSetSchema.nullable(),
  effectiveOn: z.iso.date(),
  reason: z.string(),
  /** The member of staff's name; null for a change a catalogue release made. */
  madeBy: z.string().nullable(),
  madeAt: dateTime,
  /** When it was written into the option or branch; null while it is still to come. */
  appliedAt: dateTime.nullable(),
});
export type CatalogueChange = z.infer<typeof catalogueChangeSchema>;

/** An option as an administrator changes it: its price now, and the changes still to come. */
const staffCatalogueOptionSchema = z.object({
  optionId: z.number().int(),
  /** What kind of choice it is, in words ("Coffin", "Celebrant"). */
  kindName: z.string(),
  code: z.string(),
  name: z.string(),
  pricePence: z.number().int(),
  visible: z.boolean(),
  upcoming: z.array(catalogueChangeSchema),
});

/** A branch as an administrator changes it: its details now, and the changes still to come. */
const staffBranchSchema = z.object({
  branchId: z.number().int(),
  code: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  managerName: z.string(),
  open: z.boolean(),
  isHeadOffice: z.boolean(),
  upcoming: z.array(catalogueChangeSchema),
});

/** `GET /api/staff/catalogue`: every option (in the journey's order) and every branch. */
export const staffCatalogueSchema = z.object({
  options: z.array(staffCatalogueOptionSchema),
  branches: z.array(staffBranchSchema),
});
export type StaffCatalogue = z.infer<typeof staffCatalogueSchema>;

/** `GET /api/staff/catalogue/changes?page=`: every change kept, newest first, 20 a page. */
export const catalogueChangesPageSchema = z.object({
  items: z.array(catalogueChangeSchema),
  page: z.number().int(),
  nextPage: z.number().int().nullable(),
});
