import { formatPrice } from "@kindred/domain";
import { z } from "zod";
import { atNeedClosing } from "./death-notification-received";
import { compose, formatLongDate, recipientSchema, type Block, type EmailContent } from "./layout";

/**
 * To the person named on a plan to speak to about it (or the customer, when someone else was
 * covered), once a death is told and the plan matched (issue 23 item 4): who will call them,
 * and what the family pays or gets back, from the rule of what happens at death (the domain's
 * `whenTheTimeComes`, worked out when the case was opened).
 */
export const deathNotifiedSchema = z.object({
  kind: z.literal("death-notified"),
  to: recipientSchema,
  firstName: z.string(),
  personName: z.string(),
  planReference: z.string(),
  dateOfDeath: z.iso.date(),
  /** Who told us, as they named themselves, or null when it was this email's reader. */
  toldBy: z.string().nullable(),
  /** The appointed funeral director, or null while we choose one (the one chosen had closed). */
  funeralDirector: z.object({ name: z.string(), phone: z.string() }).nullable(),
  atDeath: z.discriminatedUnion("funeral", [
    z.object({ funeral: z.literal("provided") }),
    z.object({
      funeral: z.literal("ifTheBalanceIsPaid"),
      balance: z.int().nonnegative(),
      refund: z.int().nonnegative(),
      moratoriumMonths: z.int().positive(),
      /** False when nobody told us whether the death was an accident. */
      accidentKnown: z.boolean(),
    }),
  ]),
});
export type DeathNotifiedEmail = z.infer<typeof deathNotifiedSchema>;

/** What the family pays or gets back, in plain words. */
function whatTheFamilyPays(atDeath: DeathNotifiedEmail["atDeath"], personName: string): Block[] {
  if (atDeath.funeral === "provided") {
    return [
      {
        paragraph: `There is nothing more to pay. The plan provides ${personName}'s funeral as they planned it, and any monthly payments still to come have been stopped.`,
      },
    ];
  }
  const blocks: Block[] = [
    {
      paragraph: `${personName} died within the first ${atDeath.moratoriumMonths} months of the plan, so the family can choose what happens. Any monthly payments still to come have been stopped. There is no fee either way, and nothing needs to be decided today.`,
    },
    {
      list: [
        `Pay the rest of the plan's price, ${formatPrice(atDeath.balance)}, and the funeral is provided as planned.`,
        `Or have everything paid for the plan, ${formatPrice(atDeath.refund)}, refunded, and arrange the funeral another way.`,
      ],
    },
  ];
  if (!atDeath.accidentKnown) {
    blocks.push({
      paragraph:
        "If the death was an accident, the funeral is provided as planned with nothing more to pay. Please tell us when we call.",
    });
  }
  return blocks;
}

export function renderDeathNotified(email: DeathNotifiedEmail): EmailContent {
  const { firstName, personName, planReference, dateOfDeath, toldBy, funeralDirector, atDeath } = email;
  const told = toldBy
    ? `${toldBy} has let us know that ${personName} died on ${formatLongDate(dateOfDeath)}.`
    : `Thank you for letting us know that ${personName} died on ${formatLongDate(dateOfDeath)}.`;
  return compose(
    `${personName}'s funeral plan: what happens next`,
    firstName,
    [
      { paragraph: `${told} We are very sorry for your loss.` },
      {
        paragraph: funeralDirector
          ? `${funeralDirector.name}, the funeral director appointed under ${personName}'s plan, will call you to arrange the funeral. You can also call them on ${funeralDirector.phone}.`
          : `We will call you to arrange the funeral with a funeral director near ${personName}'s home.`,
      },
      ...whatTheFamilyPays(atDeath, personName),
      { paragraph: `The plan reference is ${planReference}.` },
    ],
    { closing: atNeedClosing },
  );
}
