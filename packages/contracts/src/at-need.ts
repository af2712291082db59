import {
  accidentalAnswers,
  dateOfDeathProblems,
  emailProblems,
  funeralStatuses,
  informantRelationships,
  messages,
  nameProblems,
  normalisePostcode,
  phoneProblems,
  postcodeProblems,
  readPlanReference,
  restingPlaces,
  ukToday,
} from "@kindred/domain";
import { z } from "zod";
import { dateFieldsSchema, dateOfBirthSchema, oneOf, optionalText } from "./people";
import { ruled } from "./ruled";

/**
 * Telling us of a death (issue 23 item 4; docs/decisions/028-telling-us-of-a-death.md):
 * `POST /api/notify-a-death`, open to anyone and rate-limited per address. The answer is the same
 * whether or not a plan matches, so it tells a stranger nothing; the matching is the server's.
 */

const name = ruled(nameProblems).transform((value) => value.trim());

/**
 * A plan reference as a person types it from a letter: the short reference in its written form
 * (`knd 7q4m 2hx9` is `KND-7Q4M-2HX9`; decision 045), or the 36-character id that letters sent
 * before it showed, in lower case, so those still work. Anything else is kept as typed and matches
 * no plan (the postcode may still find it).
 */
const planReferenceSchema = optionalText(60).transform((value) => {
  const read = readPlanReference(value);
  return read?.reference ?? read?.planId ?? value.trim();
});

/** Whether the value being checked holds a string at each of `paths` (zod's `when` for a check). */
function stringsAt(...paths: readonly (readonly string[])[]) {
  return ({ value }: { value: unknown }) =>
    paths.every(
      (path) =>
        typeof path.reduce<unknown>(
          (at, key) =>
            typeof at === "object" && at !== null ? (at as Record<string, unknown>)[key] : undefined,
          value,
        ) === "string",
    );
}

export const deathNotificationBodySchema = z
  .object({
    person: z.object({
      firstName: name,
      lastName: name,
      dateOfBirth: dateOfBirthSchema(),
      planReference: planReferenceSchema,
      /** The postcode of their home, when the plan reference is not to hand. */
      postcode: optionalText(10),
    }),
    dateOfDeath: dateFieldsSchema((fields) =>
      dateOfDeathProblems(fields, { today: ukToday(), bornOn: null }),
    ),
    accidental: oneOf(accidentalAnswers),
    restingPlace: oneOf(restingPlaces),
    /** Where, in their words: the hospital's or care home's name, say. */
    restingPlaceDetails: optionalText(200),
    informant: z.object({
      firstName: name,
      lastName: name,
      relationship: oneOf(informantRelationships),
      email: ruled(emailProblems).transform((value) => value.trim()),
      phone: ruled(phoneProblems).transform((value) => value.trim()),
    }),
  })
  // Each check that reads across fields runs whatever else is wrong, as long as what it reads is
  // there, so that a first empty "Send" lists every message at once rather than some at a time.
  .superRefine(
    (body, context) => {
      const { planReference, postcode } = body.person;
      if (planReference === "" && postcode.trim() === "") {
        context.addIssue({
          code: "custom",
          path: ["person", "planReference"],
          message: messages.planReferenceOrPostcodeNeeded,
        });
      }
      if (postcode.trim() !== "") {
        for (const problem of postcodeProblems(postcode)) {
          context.addIssue({ code: "custom", path: ["person", "postcode"], message: problem });
        }
      }
    },
    { when: stringsAt(["person", "planReference"], ["person", "postcode"]) },
  )
  .superRefine(
    (body, context) => {
      const bornOn = body.person.dateOfBirth.iso8601;
      const diedOn = body.dateOfDeath.iso8601;
      if (bornOn !== "" && diedOn !== "" && diedOn < bornOn) {
        context.addIssue({
          code: "custom",
          path: ["dateOfDeath", "year"],
          message: messages.dateOfDeathBeforeBirth,
        });
      }
    },
    { when: stringsAt(["person", "dateOfBirth", "iso8601"], ["dateOfDeath", "iso8601"]) },
  )
  .transform((body) => ({
    ...body,
    person: { ...body.person, postcode: normalisePostcode(body.person.postcode) ?? "" },
  }));
export type DeathNotification = z.infer<typeof deathNotificationBodySchema>;
export type DeathNotificationFields = z.input<typeof deathNotificationBodySchema>;

/** The one answer, matched or not: words to show, and the reference to quote if they call. */
export const deathNotificationResponseSchema = z.object({ message: z.string(), reference: z.string() });
export type DeathNotificationResponse = z.infer<typeof deathNotificationResponseSchema>;

/**
 * The links in the email to everyone on a plan when a death is reported (decision 040):
 * `POST /api/notify-a-death/confirmation` (the nominee confirms it) and
 * `POST /api/notify-a-death/not-right` (anyone on the plan says it is not right).
 */
const signedCase = { caseId: z.uuid(), signature: z.string().min(1).max(200) };
export const deathConfirmationBodySchema = z.object(signedCase);
export type DeathConfirmationBody = z.infer<typeof deathConfirmationBodySchema>;
export const deathReportNotRightBodySchema = z.object({
  ...signedCase,
  who: z.enum(["customer", "payer", "nominee"]),
});
export type DeathReportNotRightBody = z.infer<typeof deathReportNotRightBodySchema>;
/** What to tell the person who followed the link. */
export const deathReportAnswerSchema = z.object({ message: z.string() });
export type DeathReportAnswer = z.infer<typeof deathReportAnswerSchema>;

/**
 * A plan's funeral once we know of the death, as the account shows it: where it stands, when we
 * were told, and what the family pays or gets back (the domain's `whenTheTimeComes`):
 * `provided` with nothing to pay; or, inside the first months, the balance of the price that may
 * be paid for the funeral, or the refund of everything paid. `accidentKnown` is false when nobody
 * told us whether the death was an accident (then an accident would still be covered in full).
 */
export const planFuneralSchema = z.object({
  status: z.enum(funeralStatuses),
  requestedOn: z.iso.date(),
  dateOfDeath: z.iso.date(),
  atDeath: z.discriminatedUnion("funeral", [
    z.object({
      funeral: z.literal("provided"),
      because: z.enum(["paidInFull", "pastTheFirstMonths", "accident"]),
    }),
    z.object({
      funeral: z.literal("ifTheBalanceIsPaid"),
      balance: z.int().nonnegative(),
      refund: z.int().nonnegative(),
      accidentKnown: z.boolean(),
    }),
  ]),
});
export type PlanFuneral = z.infer<typeof planFuneralSchema>;
