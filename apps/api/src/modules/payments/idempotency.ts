import { createHash } from "node:crypto";
import { purchaseMessages } from "@kindred/domain";
import { ViolationError } from "../../plugins/error-handler";

/**
 * Every call that moves money is keyed by the customer's Idempotency-Key (docs/decisions/
 * 016-payments.md): the key and a digest of the request are stored with what it made.
 */

/** What is stored of a request beside its key: enough to tell it from another, nothing it holds. */
export const requestDigestOf = (request: object) =>
  createHash("sha256").update(JSON.stringify(request)).digest("hex");

/**
 * What an Idempotency-Key was first used for: the row made then, or undefined for a new key. The
 * same key on a different request is refused, so a key stands for one attempt only.
 */
export function earlierUseOf<Row extends { requestDigest: string }>(
  existing: Row | undefined,
  requestDigest: string,
) {
  if (existing && existing.requestDigest !== requestDigest) {
    throw new ViolationError(
      [{ propertyPath: "Idempotency-Key", title: purchaseMessages.idempotencyKeyReused }],
      422,
    );
  }
  return existing;
}
