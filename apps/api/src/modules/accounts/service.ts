import type {
  ConfirmEmailQuery,
  CustomerGuestBody,
  ForgotPasswordBody,
  MessageResponse,
  PlanPeopleBody,
  RegisterBody,
  RegisteredResponse,
  ResendConfirmationBody,
  ResetPasswordBody,
  UserResponse,
} from "@kindred/contracts";
import { isEmailAddress, messages, normaliseEmail } from "@kindred/domain";
import { z } from "zod";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import type { AccountEmailKind } from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import {
  hashSecret,
  revocationOfUser,
  revokeAccessTokensOf,
  type CheckCredentials,
  type CheckSignInLink,
  type TokenCache,
  type TokenHolder,
} from "../auth";
import type { Email, Mailer } from "../email";
import { noSuchPlan, selectOwnedPlan, storePlanPeople, transferPlans } from "../plans";
import type {
  AccountEmailRequest,
  AccountEmailRequestKind,
  AccountEmailRequests,
} from "./account-email-requests";
import { isCommonPassword } from "./common-passwords";
import {
  admitAttempt,
  admitSignIn,
  admitSignInLinkOffer,
  attemptLimits,
  signInLinkEveryMinutes,
  withdrawAttempt,
} from "./attempts";
import { knownBrowserOf, newKnownBrowserNote } from "./known-browser";
import { linkSignatureMatches, newLinkToken, signLink, siteLink } from "../../links";
import { hashPassword, passwordMatches } from "./password-hash";
import {
  claimAccountEmail,
  insertAccountToken,
  insertCustomerUnlessTaken,
  isAccountTokenUsable,
  markEmailConfirmed,
  retireAccountTokens,
  selectCustomerByEmail,
  selectUser,
  updatePasswordHash,
  useAccountToken,
  type UserRow,
} from "./queries";

const confirmLinkMinutes = 48 * 60;
const resetLinkMinutes = 60;
/** As long as the wait before another may be sent: while the guessing goes on, one always works. */
const signInLinkMinutes = signInLinkEveryMinutes;

const confirmLinkInvalid = () =>
  new ViolationError([{ propertyPath: "token", title: messages.confirmLinkInvalid }], 400);
const passwordTooCommon = () =>
  new ViolationError([{ propertyPath: "password", title: messages.passwordTooCommon }], 400);
const tooManyConfirmRequests = () =>
  new ViolationError([{ propertyPath: "Request", title: messages.tooManyConfirmRequests }], 429);
const resetLinkInvalid = () =>
  new ViolationError([{ propertyPath: "token", title: messages.resetLinkInvalid }], 400);
const tooManyResetRequests = () =>
  new ViolationError([{ propertyPath: "Request", title: messages.tooManyResetRequests }], 429);

/** A stored user as `GET /api/user` shows them. */
export function toUserResponse(user: UserRow): UserResponse {
  return {
    id: user.id,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    email: user.email ?? "",
    emailConfirmed: user.emailConfirmedAt !== null,
  };
}

function recipientOf(user: UserRow): { name: string; address: string } {
  return { name: `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim(), address: user.email ?? "" };
}

export interface AccountsService {
  /**
   * `POST /api/account/register`: a customer account, and an email to confirm its address. With
   * a plan id, a visitor's plans move to the new account (saving a journey for later).
   */
  register(body: RegisterBody, visitor: TokenHolder): Promise<RegisteredResponse>;
  /** `POST /api/plan/{id}/customer-guest`: as register, taking over the visitor's plans. */
  registerFromJourney(
    guest: TokenHolder,
    planId: string,
    body: CustomerGuestBody,
  ): Promise<RegisteredResponse>;
  confirmEmail(query: ConfirmEmailQuery): Promise<MessageResponse>;
  /** Answers the same whether or not the address has an account. */
  requestPasswordReset(body: ForgotPasswordBody, address: string): Promise<MessageResponse>;
  resetPassword(body: ResetPasswordBody): Promise<MessageResponse>;
  /** A new confirmation link for an account not yet confirmed; answers the same for any address. */
  resendConfirmation(body: ResendConfirmationBody, address: string): Promise<MessageResponse>;
  getUser(userId: string): Promise<UserResponse>;
  /** The password grant's check: rate limits, then email and password. */
  checkCredentials: CheckCredentials;
  /** The sign-in link grant's check: the emailed link, used up (decision 038). */
  checkSignInLink: CheckSignInLink;
}

interface EmailingDependencies {
  mailer: Mailer;
  config: Pick<Config, "SITE_URL" | "LINK_SIGNING_SECRET">;
}

/** A new signed, single-use link to confirm the customer's address, queued with the caller's transaction. */
async function queueConfirmation(
  { mailer, config }: EmailingDependencies,
  tx: Database,
  customer: UserRow,
): Promise<void> {
  const confirmToken = newLinkToken();
  await insertAccountToken(tx, {
    userId: customer.id,
    purpose: "confirm-email",
    tokenHash: hashSecret(confirmToken),
    validForMinutes: confirmLinkMinutes,
  });
  const link = siteLink(config.SITE_URL, "/account/confirm-email", {
    id: customer.id,
    token: confirmToken,
    signature: signLink(config.LINK_SIGNING_SECRET, customer.id, confirmToken),
  });
  await mailer.queue(
    { kind: "confirm-email", to: recipientOf(customer), firstName: customer.firstName ?? "", link },
    tx,
  );
}

/**
 * The one-time links we email an account: where each lands, how long it works, and its email.
 * A reset link chooses a new password; a sign-in link signs the owner in once while someone
 * guesses at their password (decision 038).
 */
const oneTimeLinks = {
  "reset-password": {
    path: "/reset-password",
    validForMinutes: resetLinkMinutes,
    email: (base: { to: Email["to"]; firstName: string; link: string }): Email => ({
      kind: "reset-password",
      ...base,
    }),
  },
  "sign-in": {
    path: "/account/sign-in-link",
    validForMinutes: signInLinkMinutes,
    email: (base: { to: Email["to"]; firstName: string; link: string }, siteUrl: string): Email => ({
      kind: "sign-in-link",
      ...base,
      resetLink: `${siteUrl}/forgotten-password`,
    }),
  },
} as const;

/**
 * Emails a one-time link of `purpose`: a new token, whose hash alone is stored; earlier links of
 * its purpose are retired in the same transaction, so only the newest works.
 */
async function queueOneTimeLink(
  { mailer, config }: EmailingDependencies,
  tx: Database,
  customer: UserRow,
  purpose: keyof typeof oneTimeLinks,
) {
  const { path, validForMinutes, email } = oneTimeLinks[purpose];
  const token = newLinkToken();
  const link = siteLink(config.SITE_URL, path, { id: customer.id, token });
  await retireAccountTokens(tx, customer.id, purpose);
  await insertAccountToken(tx, {
    userId: customer.id,
    purpose,
    tokenHash: hashSecret(token),
    validForMinutes,
  });
  const base = { to: recipientOf(customer), firstName: customer.firstName ?? "", link };
  await mailer.queue(email(base, config.SITE_URL), tx);
}

/** At most one of each email anyone may ask us to send an account, per this many minutes. */
const accountEmailIntervalMinutes = 60;

/**
 * Looks into a queued request about an email address (see account-email-requests.ts). A
 * registration that made an account: the link to confirm it; one whose address already had an
 * account: an email telling its owner so. A reset: a link, for an account. A new confirmation
 * link: for an account not yet confirmed. For any other address, nothing at all. Of each email
 * but the first confirmation link, at most one an hour: the rest of the requests in that hour
 * send nothing, and were answered just the same (issue 27 item 2). Within that hour the link
 * already sent still works.
 */
export function accountEmailRequestHandler({ db, ...emailing }: EmailingDependencies & { db: Database }) {
  /** Queues the email `kind` with `send` in one transaction, unless one went within the hour. */
  function sendAtMostHourly(
    customer: UserRow,
    kind: AccountEmailKind,
    send: (tx: Database) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      if (await claimAccountEmail(tx, customer.id, kind, accountEmailIntervalMinutes)) await send(tx);
    });
  }

  return async (kind: AccountEmailRequestKind, { email, newAccountId }: AccountEmailRequest) => {
    if (kind === "registered" && newAccountId !== undefined) {
      const created = await selectUser(db, newAccountId);
      if (created) await db.transaction((tx) => queueConfirmation(emailing, tx, created));
      return;
    }
    const customer = await selectCustomerByEmail(db, normaliseEmail(email));
    if (!customer) return;
    if (kind === "registered") {
      await sendAtMostHourly(customer, "account-exists", (tx) =>
        emailing.mailer.queue(
          {
            kind: "account-exists",
            to: recipientOf(customer),
            firstName: customer.firstName ?? "",
            signInLink: `${emailing.config.SITE_URL}/account`,
            resetLink: `${emailing.config.SITE_URL}/forgotten-password`,
          },
          tx,
        ),
      );
    } else if (kind === "sign-in-link") {
      await sendAtMostHourly(customer, "sign-in-link", (tx) =>
        queueOneTimeLink(emailing, tx, customer, "sign-in"),
      );
    } else if (kind === "password-reset") {
      await sendAtMostHourly(customer, "reset-password", (tx) =>
        queueOneTimeLink(emailing, tx, customer, "reset-password"),
      );
    } else if (customer.emailConfirmedAt === null) {
      await sendAtMostHourly(customer, "confirm-email-resend", async (tx) => {
        await retireAccountTokens(tx, customer.id, "confirm-email");
        await queueConfirmation(emailing, tx, customer);
      });
    }
  };
}

export function createAccountsService({
  db,
  mailer,
  config,
  verifiedTokens,
  accountEmailRequests,
}: EmailingDependencies & {
  db: Database;
  verifiedTokens: Pick<TokenCache, "forget">;
  accountEmailRequests: Pick<AccountEmailRequests, "queue">;
}): AccountsService {
  /**
   * A new account, or, when the address already has one, an email to its owner saying so: the
   * answer is the same either way, and so is the work (the password is hashed, one transaction
   * queues one request, whose email is worked out afterwards), so neither tells a stranger
   * whether someone has an account with us (issue 12 fault 6). With a journey, the visitor's plan moves to a new account with its
   * people; if the address was taken the plan stays the visitor's (its people stored on it),
   * and moves to the account when they sign in with it (decision 005).
   */
  async function createAccount(
    body: Pick<RegisterBody, "firstName" | "lastName" | "email" | "password">,
    journey?: { guestUserId: string; planId: string; people?: PlanPeopleBody },
  ): Promise<RegisteredResponse> {
    if (isCommonPassword(body.password)) throw passwordTooCommon();
    const email = normaliseEmail(body.email);
    const passwordHash = await hashPassword(body.password);

    await db.transaction(async (tx) => {
      const created = await insertCustomerUnlessTaken(tx, {
        email,
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        passwordHash,
      });
      // The account and the request for its email commit together, or neither does.
      await accountEmailRequests.queue(
        "registered",
        { email, ...(created ? { newAccountId: created.id } : {}) },
        tx,
      );
      if (!journey) return;
      if (!created) {
        if (journey.people && (await selectOwnedPlan(tx, journey.planId, journey.guestUserId)))
          await storePlanPeople(tx, journey.planId, journey.people);
        return;
      }
      const moved = await transferPlans(tx, journey.guestUserId, created.id);
      // The plan left the guest between the check and now: make nothing at all.
      if (!moved.includes(journey.planId)) throw noSuchPlan();
      // The plan's people are stored with the account, or neither is.
      if (journey.people) await storePlanPeople(tx, journey.planId, journey.people);
    });
    return { message: messages.accountRegistered };
  }

  /** Only a visitor's own plan moves to a new account; anyone else's is "no such plan". */
  async function checkGuestOwns(guest: TokenHolder, planId: string): Promise<void> {
    if (guest.userKind !== "guest" || !(await selectOwnedPlan(db, planId, guest.userId))) throw noSuchPlan();
  }

  return {
    async register(body, visitor) {
      if (body.planId === undefined) return createAccount(body);
      await checkGuestOwns(visitor, body.planId);
      return createAccount(body, { guestUserId: visitor.userId, planId: body.planId });
    },

    async registerFromJourney(guest, planId, body) {
      await checkGuestOwns(guest, planId);
      const { customer, coveredPerson, nominee, payer, password } = body;
      return createAccount(
        { firstName: customer.firstName, lastName: customer.lastName, email: customer.email, password },
        { guestUserId: guest.userId, planId, people: { customer, coveredPerson, nominee, payer } },
      );
    },

    async confirmEmail({ id, token, signature }) {
      if (!linkSignatureMatches(config.LINK_SIGNING_SECRET, id, token, signature)) throw confirmLinkInvalid();
      await db.transaction(async (tx) => {
        const used = await useAccountToken(tx, {
          userId: id,
          purpose: "confirm-email",
          tokenHash: hashSecret(token),
        });
        if (!used) throw confirmLinkInvalid();
        await markEmailConfirmed(tx, id);
      });
      return { message: messages.emailConfirmed };
    },

    async requestPasswordReset(body, address) {
      const limits = attemptLimits["password-reset"];
      if (!(await admitAttempt(db, "password-reset", { email: body.email, address }, limits)))
        throw tooManyResetRequests();
      // Queued, not looked up here: the answer never waits on whether the address has an account.
      await accountEmailRequests.queue("password-reset", { email: body.email }, db);
      return { message: messages.resetLinkSent };
    },

    async resendConfirmation(body, address) {
      const limits = attemptLimits["confirm-email-resend"];
      if (!(await admitAttempt(db, "confirm-email-resend", { email: body.email, address }, limits)))
        throw tooManyConfirmRequests();
      await accountEmailRequests.queue("confirm-email-resend", { email: body.email }, db);
      return { message: messages.confirmLinkResent };
    },

    async resetPassword({ id, token, password }) {
      if (isCommonPassword(password)) throw passwordTooCommon();
      const secret = { userId: id, purpose: "reset-password" as const, tokenHash: hashSecret(token) };
      // Checked before the (deliberately slow) hashing, and used up inside the transaction.
      if (!(await isAccountTokenUsable(db, secret))) throw resetLinkInvalid();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        if (!(await useAccountToken(tx, secret))) throw resetLinkInvalid();
        await retireAccountTokens(tx, id, "reset-password");
        const updated = await updatePasswordHash(tx, id, passwordHash);
        if (!updated) throw resetLinkInvalid();
        // Following the emailed link shows the address is theirs.
        await markEmailConfirmed(tx, id);
        await revokeAccessTokensOf(tx, id);
        await mailer.queue(
          {
            kind: "password-changed",
            to: recipientOf(updated),
            firstName: updated.firstName ?? "",
            changedAt: new Date(),
          },
          tx,
        );
      });
      verifiedTokens.forget(revocationOfUser(id));
      return { message: messages.passwordChanged };
    },

    async getUser(userId) {
      const user = await selectUser(db, userId);
      if (!user || user.kind !== "customer") {
        throw new ViolationError([{ propertyPath: "Request", title: messages.signInToSeeAccount }], 403);
      }
      return toUserResponse(user);
    },

    async checkCredentials({ email, password, address, knownBrowser }) {
      const customer = isEmailAddress(email)
        ? await selectCustomerByEmail(db, normaliseEmail(email))
        : undefined;
      const browser = customer && knownBrowserOf(config.LINK_SIGNING_SECRET, knownBrowser, customer.id);
      const admission = await admitSignIn(db, "sign-in", {
        email,
        address,
        ...(browser ? { knownBrowser: browser } : {}),
      });
      // Someone keeps guessing: the owner is offered a link that signs them in, however slowed
      // new devices are (the same work for an address with no account; no answer says if one went).
      if (admission.accountUnderAttack && (await admitSignInLinkOffer(db, email))) {
        await accountEmailRequests.queue("sign-in-link", { email }, db);
      }
      if (!admission.admitted) {
        return { outcome: "too-many-attempts", retryAfterSeconds: admission.retryAfterSeconds };
      }
      const { attempt } = admission;
      // Always one argon2 verification, so an unknown address is refused as slowly as a wrong password.
      const matches = await passwordMatches(password, customer?.passwordHash);
      if (!customer || !matches) return { outcome: "refused" };
      await withdrawAttempt(db, attempt);
      return {
        outcome: "signed-in",
        userId: customer.id,
        knownBrowser: newKnownBrowserNote(config.LINK_SIGNING_SECRET, customer.id),
      };
    },

    async checkSignInLink({ id, token }) {
      if (!z.uuid().safeParse(id).success) return { outcome: "refused" };
      const used = await useAccountToken(db, {
        userId: id,
        purpose: "sign-in",
        tokenHash: hashSecret(token),
      });
      const customer = used ? await selectUser(db, id) : undefined;
      if (customer?.kind !== "customer") return { outcome: "refused" };
      // The link came to the account's address: that shows the address is theirs.
      await markEmailConfirmed(db, id);
      return {
        outcome: "signed-in",
        userId: customer.id,
        knownBrowser: newKnownBrowserNote(config.LINK_SIGNING_SECRET, customer.id),
      };
    },
  };
}
