import { formatPostalAddress } from "@kindred/domain";
import { z } from "zod";
import { compose, formatLongDate, recipientSchema, type EmailContent } from "./layout";

/** FPCOB 10.1.3R: within this many days of buying the plan, the customer is told who will carry out the funeral. */
const funeralDirectorNamedWithinDays = 30;

const addressSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  locality: z.string(),
  county: z.string(),
  postcode: z.string(),
});

/**
 * Sent to the customer when their plan is bought (FPCOB 10.1.3R; issue 23 item 3): the funeral
 * director appointed to carry out the funeral, its business name, address and phone; or, when the
 * branch they chose had closed (`funeralDirector` null), that we will write with one in 30 days.
 */
export const funeralDirectorLetterSchema = z.object({
  kind: z.literal("funeral-director-letter"),
  to: recipientSchema,
  firstName: z.string(),
  planReference: z.string(),
  /** The UK day the plan was bought, an ISO date. */
  appointedOn: z.iso.date(),
  funeralDirector: z.object({ name: z.string(), address: addressSchema, phone: z.string() }).nullable(),
});

export function renderFuneralDirectorLetter({
  firstName,
  planReference,
  appointedOn,
  funeralDirector,
}: z.infer<typeof funeralDirectorLetterSchema>): EmailContent {
  if (!funeralDirector) {
    return compose("Your funeral director", firstName, [
      {
        paragraph: `Your funeral plan ${planReference} was bought on ${formatLongDate(appointedOn)}. The funeral director you chose is no longer able to take it on, so we are choosing another near you.`,
      },
      {
        paragraph: `We will write to you with your funeral director's name, address and phone number within ${funeralDirectorNamedWithinDays} days of buying your plan. There is nothing you need to do, and your plan is not affected.`,
      },
    ]);
  }
  return compose("Your funeral director", firstName, [
    {
      paragraph: `Your funeral plan ${planReference} was bought on ${formatLongDate(appointedOn)}. The funeral director who will carry out the funeral is:`,
    },
    {
      list: [
        funeralDirector.name,
        formatPostalAddress(funeralDirector.address),
        `Phone: ${funeralDirector.phone}`,
      ],
    },
    {
      paragraph:
        "We have sent them the details of your plan. They will do nothing yet, and there is nothing you need to do: when the time comes, your family or representative calls us and the funeral director is contacted to arrange the funeral as planned.",
    },
    {
      paragraph:
        "If you would like a different funeral director, call us and we will change it for you. You can also see your funeral director at any time in your account.",
    },
  ]);
}
