import {
  accountHolderNameProblems,
  accountNumberProblems,
  normaliseAccountNumber,
  normaliseSortCode,
  sortCodeProblems,
} from "@kindred/domain";
import { z } from "zod";
import { ruled } from "./ruled";

/**
 * Direct Debit (SPEC.md section 7: `/api/direct-debit-v2/verify`; issue 10 item 2). Each field is
 * held to the domain's rules, so the form and the API say the same thing; whether the sort code
 * and account number pass the modulus check together is the API's answer to `verify`
 * (docs/decisions/015-bank-details-and-working-days.md).
 */

/** The bank details a person types: sort code with or without dashes or spaces, 6 to 8 digits of account. */
export const bankDetailsSchema = z.object({
  accountHolderName: ruled(accountHolderNameProblems).transform((value) => value.trim()),
  /** Read as "20-00-00" however it was typed. */
  sortCode: ruled(sortCodeProblems).transform((value) => normaliseSortCode(value) ?? value),
  /** Read as eight digits: spaces and dashes taken out, a six- or seven-digit number given its zeros. */
  accountNumber: ruled(accountNumberProblems).transform((value) => normaliseAccountNumber(value) ?? value),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/**
 * `POST /api/direct-debit-v2/verify`: its body is the bank details, named apart so the route says
 * which endpoint's body it checks.
 * @alias
 */
export const directDebitVerifyBodySchema = bankDetailsSchema;
export type DirectDebitVerifyBody = z.infer<typeof directDebitVerifyBodySchema>;

/**
 * 200 when the details pass (otherwise 400 or 422 with a violation on the field). Only the last
 * four digits of the account number are ever sent back.
 */
export const directDebitVerifyResponseSchema = z.object({
  valid: z.literal(true),
  sortCode: z.string().regex(/^\d{2}-\d{2}-\d{2}$/),
  accountNumberEnding: z.string().regex(/^\d{4}$/),
});
export type DirectDebitVerifyResponse = z.infer<typeof directDebitVerifyResponseSchema>;
