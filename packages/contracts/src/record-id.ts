import { messages } from "@kindred/domain";
import { z } from "zod";

/** The largest id a PostgreSQL `integer` column holds; a larger one names no record. */
export const largestRecordId = 2_147_483_647;

/** The id of a stored record (a catalogue option, a branch, a plan): a whole number that fits the column. */
export const recordIdSchema = z
  .number(messages.notANumber)
  .int(messages.noDecimalPoint)
  .positive(messages.notPositive)
  .max(largestRecordId, messages.atMost(largestRecordId));

/** The same, read from a query string. */
export const recordIdQuerySchema = z.coerce.number(messages.notANumber).pipe(recordIdSchema);
