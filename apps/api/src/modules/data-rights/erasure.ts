import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/database";

/**
 * Which plans may be erased (docs/decisions/030-data-rights-and-retention.md): a plan never
 * bought, with nothing of its money still going on and nothing the law makes us keep. A plan with
 * a payment taken, being taken or asked for, a Direct Debit, a collection, a refund, a funeral
 * asked for or any record that follows a purchase stays. Written over the plan as `p`.
 */
const erasable = sql`
  p.funeral_requested_at is null
  and not exists (select 1 from payments x where x.plan_id = p.id
    and x.status in ('pending', 'requires_action', 'confirmed'))
  and not exists (select 1 from mandates x where x.plan_id = p.id)
  and not exists (select 1 from direct_debit_requests x where x.plan_id = p.id and x.closed_at is null)
  and not exists (select 1 from collections x where x.plan_id = p.id)
  and not exists (select 1 from refunds x where x.plan_id = p.id)
  and not exists (select 1 from at_need_cases x where x.plan_id = p.id)
  and not exists (select 1 from referral_codes x where x.referrer_plan_id = p.id)
  and not exists (select 1 from funeral_director_appointments x where x.plan_id = p.id)
  and not exists (select 1 from plan_statements x where x.plan_id = p.id)
  and not exists (select 1 from arrears_statements x where x.plan_id = p.id)`;

/**
 * Erases the unfinished plans `which` picks (a condition over the plan as `p`), within the
 * caller's transaction: each with its people and answers about circumstances, the documents
 * accepted for it and staff notes on it (all deleted with the plan), card payments that failed or were cancelled,
 * Direct Debit requests closed without a mandate, and a friend's referral code applied to it.
 * The plans are locked first; one that a payment is made for meanwhile cannot be deleted (its
 * payment's key holds it), so the transaction fails rather than delete a plan being bought.
 * Answers the ids erased.
 */
export async function eraseUnfinishedPlans(tx: Database, which: SQL): Promise<string[]> {
  const { rows } = (await tx.execute(
    sql`select p.id from plans p where (${which}) and ${erasable} for update`,
  )) as unknown as { rows: { id: string }[] };
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(
    sql`delete from payments where plan_id in (${list}) and status in ('failed', 'cancelled')`,
  );
  await tx.execute(sql`delete from direct_debit_requests where plan_id in (${list})`);
  await tx.execute(sql`delete from referrals where referree_plan_id in (${list})`);
  await tx.execute(sql`delete from plans where id in (${list})`);
  return ids;
}
