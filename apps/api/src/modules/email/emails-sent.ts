import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { emailsSent, users } from "../../db/schema";
import { emailKindNames, type Email } from "./emails";

/**
 * The record of emails sent to people with an account (issue 50 item 5): each one's kind and when
 * it went, for "download my data". The email itself is deleted within minutes of sending
 * (decision 009), and nothing of its words, links or answers is kept here.
 */

/** Notes that `email` has just been sent, when its address is an account's; anyone else's is not noted. */
export async function noteEmailSent(db: Database, email: Pick<Email, "kind" | "to">): Promise<void> {
  await db.execute(sql`
    insert into ${emailsSent} (user_id, kind)
    select ${users.id}, ${email.kind} from ${users}
    where ${users.kind} = 'customer' and lower(${users.email}) = lower(${email.to.address})`);
}

/** Each email sent to the account, oldest first, by what it was about in words and when it went. */
export async function emailsSentTo(
  db: Database,
  userId: string,
): Promise<{ about: string; sentAt: string }[]> {
  const rows = await db
    .select({ kind: emailsSent.kind, sentAt: emailsSent.sentAt })
    .from(emailsSent)
    .where(eq(emailsSent.userId, userId))
    .orderBy(asc(emailsSent.sentAt), asc(emailsSent.id));
  return rows.map((row) => ({
    about: emailKindNames[row.kind as Email["kind"]] ?? "An email from us",
    sentAt: row.sentAt.toISOString(),
  }));
}

/** Forgets the emails sent to the account (deleting it, or what may go of it). */
export async function forgetEmailsSentTo(db: Database, userId: string): Promise<void> {
  await db.delete(emailsSent).where(eq(emailsSent.userId, userId));
}
