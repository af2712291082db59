import type { EnquiryBody, EnquiryResponse } from "@kindred/contracts";
import { freeGuide, freeGuideResendHours, messages, normaliseEmail } from "@kindred/domain";
import type { Database } from "../../db/database";
import { ViolationError } from "../../plugins/error-handler";
import type { FreeGuide } from "../documents";
import type { Mailer } from "../email";
import { guideSentWithin, insertEnquiry, lockEnquiriesFrom } from "./queries";

export interface EnquiriesService {
  /**
   * Stores a request for the free guide and queues the guide to the person by email, unless it
   * went to the same address within the day (docs/decisions/019-free-guide.md). Refused with 429
   * once an address or a visitor's connection has asked too often.
   */
  requestGuide(body: EnquiryBody, visitorAddress: string): Promise<EnquiryResponse>;
}

export function createEnquiriesService({
  db,
  mailer,
  guide,
  siteUrl,
  admitEnquiry,
}: {
  db: Database;
  mailer: Mailer;
  guide: FreeGuide;
  siteUrl: string;
  /** Counts a request against the email address and the visitor's address; false when over a limit. */
  admitEnquiry: (email: string, visitorAddress: string) => Promise<boolean>;
}): EnquiriesService {
  return {
    async requestGuide(body, visitorAddress) {
      if (!(await admitEnquiry(body.email, visitorAddress))) {
        throw new ViolationError([{ propertyPath: "Request", title: messages.tooManyGuideRequests }], 429);
      }
      const email = normaliseEmail(body.email);
      // Made before the transaction (and once per process), so no transaction waits on the renderer.
      const { fileName, pdf } = await guide.pdf("standard");
      return db.transaction(async (tx) => {
        await lockEnquiriesFrom(tx, email);
        const sendsGuide = !(await guideSentWithin(tx, email, freeGuideResendHours));
        const { contactPreferences } = body;
        const stored = await insertEnquiry(tx, {
          name: body.name,
          email,
          phone: body.phone,
          postcode: body.postcode,
          contactByEmail: contactPreferences.email,
          contactByPhone: contactPreferences.phone,
          contactByPost: contactPreferences.post,
          utmParams: body.utmParams,
          freeGuideRef: body.freeGuideRef,
          sendsGuide,
        });
        if (sendsGuide) {
          await mailer.queue(
            {
              kind: "free-guide",
              to: { name: body.name, address: email },
              name: body.name,
              contactPreferences,
              planningLink: `${siteUrl}/planning`,
              downloadLink: `${siteUrl}${freeGuide.webPath}`,
              attachments: [
                { filename: fileName, contentType: "application/pdf", contentBase64: pdf.toString("base64") },
              ],
            },
            tx,
          );
        }
        return { reference: stored.id, utmParams: stored.utmParams };
      });
    },
  };
}
