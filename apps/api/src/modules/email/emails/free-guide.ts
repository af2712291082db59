import { z } from "zod";
import { attachmentSchema, compose, recipientSchema, type EmailContent } from "./layout";

/**
 * Sent when someone asks for the free guide, with the guide attached: what is in it, how they
 * told us they are happy to hear from us (and that nothing else is sent when they ticked nothing).
 */
export const freeGuideSchema = z.object({
  kind: z.literal("free-guide"),
  to: recipientSchema,
  /** The name the person gave, as they gave it. */
  name: z.string(),
  /** How they are happy to hear from us besides this email, as they ticked it. */
  contactPreferences: z.object({ email: z.boolean(), phone: z.boolean(), post: z.boolean() }),
  planningLink: z.string(),
  downloadLink: z.string(),
  attachments: z.array(attachmentSchema),
});

const channelWords = { email: "email", phone: "phone", post: "post" } as const;

/** "email", "email and phone", "email, phone and post". */
function listOfWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

export function renderFreeGuide({
  name,
  contactPreferences,
  planningLink,
  downloadLink,
}: z.infer<typeof freeGuideSchema>): EmailContent {
  const ticked = (Object.keys(channelWords) as (keyof typeof channelWords)[])
    .filter((channel) => contactPreferences[channel])
    .map((channel) => channelWords[channel]);
  return compose("Your free guide to planning a funeral", name, [
    {
      paragraph:
        "Thank you for asking for our guide to planning a funeral. It is attached to this email as a PDF, which you can read on screen or print out.",
    },
    {
      paragraph:
        "It explains the choices a funeral involves and what each typically costs, how prepaid funeral plans work and how the money paid for them is protected, and it ends with a checklist to talk through with your family.",
    },
    { link: { label: "Download the guide", url: downloadLink } },
    {
      paragraph:
        ticked.length === 0
          ? "You told us you would rather we did not contact you, so this is the only email we will send you unless you ask us for something."
          : `You told us you are happy to hear from us by ${listOfWords(ticked)}. We will only contact you in the ways you ticked, and you can change your mind at any time by calling us.`,
    },
    {
      paragraph:
        "When you are ready, you can plan a funeral online, one simple question at a time, seeing the price as you go. There is no rush and no obligation.",
    },
    { link: { label: "Start planning", url: planningLink } },
  ]);
}
