import { z } from "zod";

/**
 * An amount of money in whole pence, never below nothing (the domain's `Pence`). A module of its
 * own, as is the postal address: the forms that need only these do not build the catalogue's
 * schemas on the way (decision 033).
 */
export const penceSchema = z.number().int().nonnegative();
