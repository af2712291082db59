import { and, eq, gt, sql } from "drizzle-orm";
import type { UtmParams } from "@kindred/contracts";
import type { Database } from "../../db/database";
import { enquiries } from "../../db/schema";

/**
 * Holds back any other request for the same address until this transaction ends, so two
 * requests at the same moment cannot both find no guide sent and both send it.
 */
export async function lockEnquiriesFrom(tx: Database, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`enquiry:${email}`}))`);
}

/** Whether the guide was sent to this (normalised) address within the last `hours`. */
export async function guideSentWithin(tx: Database, email: string, hours: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(
      and(
        eq(enquiries.email, email),
        gt(enquiries.guideSentAt, sql`now() - make_interval(hours => ${hours})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface NewEnquiry {
  name: string;
  email: string;
  phone: string | null;
  postcode: string | null;
  contactByEmail: boolean;
  contactByPhone: boolean;
  contactByPost: boolean;
  utmParams: UtmParams;
  freeGuideRef: string | null;
  sendsGuide: boolean;
}

export async function insertEnquiry(tx: Database, { sendsGuide, ...enquiry }: NewEnquiry) {
  const [row] = await tx
    .insert(enquiries)
    .values({ ...enquiry, guideSentAt: sendsGuide ? sql`now()` : null })
    .returning({ id: enquiries.id, utmParams: enquiries.utmParams });
  if (!row) throw new Error("The enquiry was not stored");
  return row;
}
