import {
  confirmEmailProblems,
  emailProblems,
  messages,
  nameProblems,
  passwordProblems,
  passwordRepeatProblems,
} from "@kindred/domain";
import { z } from "zod";
import { planPeopleBodySchema } from "./people";
import { confirmedTwice, ruled } from "./ruled";

const registrationFieldsSchema = z.object({
  firstName: ruled(nameProblems),
  lastName: ruled(nameProblems),
  email: ruled(emailProblems),
  confirmEmail: z.string({ error: messages.required }),
  password: ruled(passwordProblems),
  passwordRepeat: z.string({ error: messages.required }),
});

function withMatchingRepeats<T extends z.ZodType<z.infer<typeof registrationFieldsSchema>>>(schema: T) {
  return confirmedTwice(
    confirmedTwice(schema, "email", "confirmEmail", confirmEmailProblems),
    "password",
    "passwordRepeat",
    passwordRepeatProblems,
  );
}

/**
 * `POST /api/account/register`: a new customer account (SPEC.md section 5 rules and messages).
 * With `planId` (a visitor saving their journey for later), the visitor's plans move to it.
 */
export const registerBodySchema = withMatchingRepeats(
  registrationFieldsSchema.extend({ planId: z.uuid(messages.notAPlanReference).optional() }),
);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * `POST /api/plan/{id}/customer-guest` (SPEC.md section 7 item 4): a guest's plan and their new
 * account made together. The customer's name and email make the account; the password is theirs.
 */
export const customerGuestBodySchema = planPeopleBodySchema
  .extend({
    password: ruled(passwordProblems),
    passwordRepeat: z.string({ error: messages.required }),
  })
  .superRefine((body, context) => {
    for (const problem of passwordRepeatProblems(body.password, body.passwordRepeat)) {
      context.addIssue({ code: "custom", path: ["passwordRepeat"], message: problem });
    }
  });
export type CustomerGuestBody = z.infer<typeof customerGuestBodySchema>;

export const userResponseSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

/**
 * The answer to a registration: the same whether a new account was made or the address already
 * had one (then its owner is emailed instead), so it tells a stranger nothing (issue 12 fault 6).
 * The person then signs in with the password they chose.
 */
export const registeredResponseSchema = z.object({ message: z.string() });
export type RegisteredResponse = z.infer<typeof registeredResponseSchema>;

/** `GET /api/account/confirm-email?id&token&signature`: the link sent by email. */
export const confirmEmailQuerySchema = z.object({
  id: z.uuid(),
  token: z.string().min(16).max(200),
  signature: z.string().min(16).max(200),
});
export type ConfirmEmailQuery = z.infer<typeof confirmEmailQuerySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * What a person types to sign in: the password grant's `username` (their email address) and
 * `password`, which the web sends to `/token` as a form (`tokenRequest` in the web's session code).
 */
export const signInFieldsSchema = z.object({
  email: ruled(emailProblems),
  password: z.string({ error: messages.required }).min(1, { error: messages.required }),
});
export type SignInFields = z.infer<typeof signInFieldsSchema>;

/** `POST /api/account/forgot-password`: answers the same whether or not the address has an account. */
export const forgotPasswordBodySchema = z.object({ email: ruled(emailProblems) });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/**
 * `POST /api/account/resend-confirmation`: answers the same whether or not the address needs one.
 * Its body is the forgot-password body, named apart so each endpoint's callers say which they send.
 * @alias
 */
export const resendConfirmationBodySchema = forgotPasswordBodySchema;
export type ResendConfirmationBody = ForgotPasswordBody;

/** `POST /api/account/reset-password`: the id and token from the emailed link, and the new password. */
export const resetPasswordBodySchema = z
  .object({
    id: z.uuid(),
    token: z.string().min(16).max(200),
    password: ruled(passwordProblems),
    passwordRepeat: z.string({ error: messages.required }),
  })
  .superRefine((body, context) => {
    for (const problem of passwordRepeatProblems(body.password, body.passwordRepeat)) {
      context.addIssue({ code: "custom", path: ["passwordRepeat"], message: problem });
    }
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
