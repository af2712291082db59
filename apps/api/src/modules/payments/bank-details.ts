import type { BankDetails, DirectDebitVerifyResponse, Violation } from "@kindred/contracts";
import { accountNumberEnding, bankDetailsProblems } from "@kindred/domain";
import { ViolationError } from "../../plugins/error-handler";

/**
 * Whether bank details are fit for a Direct Debit: the domain's field rules and Vocalink's modulus
 * check (docs/decisions/015-bank-details-and-working-days.md). Answers what may be shown again,
 * the sort code and the last four digits of the account; throws a 422 naming the field otherwise.
 */
export function checkBankDetails(details: BankDetails): DirectDebitVerifyResponse {
  const problems = bankDetailsProblems(details);
  const violations: Violation[] = (["sortCode", "accountNumber"] as const).flatMap((propertyPath) =>
    (problems[propertyPath] ?? []).map((title) => ({ propertyPath, title })),
  );
  if (violations.length > 0) throw new ViolationError(violations, 422);
  return {
    valid: true,
    sortCode: details.sortCode,
    accountNumberEnding: accountNumberEnding(details.accountNumber),
  };
}
