import OAuth2Server from "@node-oauth/oauth2-server";
import { messages } from "@kindred/domain";
import type { BaseModel, Client, Request, Token } from "@node-oauth/oauth2-server";
import type { CustomerSigningIn } from "./oauth-model";

/** How a sign-in went. An unknown email and a wrong password are the same outcome on purpose. */
type SignInOutcome =
  | {
      outcome: "signed-in";
      userId: string;
      /** A new note for this browser, that it has signed in to this account (decision 024). */
      knownBrowser: string;
    }
  | { outcome: "refused" }
  | {
      outcome: "too-many-attempts";
      /** How long until the next try may be checked (decision 038: slowed, never locked). */
      retryAfterSeconds: number;
    };

export type CheckCredentials = (attempt: {
  email: string;
  password: string;
  /** The caller's address, for the per-address limit. */
  address: string;
  /** The browser's note from an earlier sign-in, if it sent one (form field `known_browser`). */
  knownBrowser?: string;
}) => Promise<SignInOutcome>;

/** Answered with 429 by `POST /token`, with Retry-After: the try came before its wait was over. */
export class TooManyAttemptsError extends OAuth2Server.OAuthError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, { code: 429, name: "too_many_attempts" });
  }
}

/** A non-empty text field of a token request's form, or undefined. */
export function bodyField(request: Request, name: string): string | undefined {
  const value: unknown = (request.body as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The emailed sign-in link's check (decision 038): its id and secret, used up if they are right. */
export type CheckSignInLink = (link: { id: string; token: string }) => Promise<SignInOutcome>;

/**
 * The `password` grant (SPEC.md section 7, "Login"): form fields `username` (the email),
 * `password`, `scope=CUSTOMER` and the extras `api_token`, the visitor's application token whose
 * plans move to the customer, and `known_browser`, the note an earlier sign-in gave the browser.
 * It replaces the library's own password grant so that the sign-in sees the caller's address (for
 * rate limiting) and the extra field, the scope is checked before any password is, and no refresh
 * token is made. Customer tokens live `lifetimeSeconds`.
 */
export function customerPasswordGrant(options: {
  model: Pick<BaseModel, "saveToken">;
  checkCredentials: CheckCredentials;
  lifetimeSeconds: number;
}): typeof OAuth2Server.AbstractGrantType {
  return customerGrant(options, messages.signInFailed, async (request) => {
    const email = bodyField(request, "username");
    if (!email) throw new OAuth2Server.InvalidRequestError("Missing parameter: `username`");
    const password = bodyField(request, "password");
    if (!password) throw new OAuth2Server.InvalidRequestError("Missing parameter: `password`");
    const address = String((request as Request & { ip?: unknown }).ip ?? "unknown");
    const knownBrowser = bodyField(request, "known_browser");
    return options.checkCredentials({
      email,
      password,
      address,
      ...(knownBrowser === undefined ? {} : { knownBrowser }),
    });
  });
}

/**
 * The grant `customerSignInLinkGrantType` (decision 038): form fields `link_id` and `link_token`
 * from the link emailed to an owner while someone guesses at their password, `scope=CUSTOMER`,
 * and `api_token` as for `password`. The link works once; the browser becomes a known one.
 */
export function customerSignInLinkGrant(options: {
  model: Pick<BaseModel, "saveToken">;
  checkSignInLink: CheckSignInLink;
  lifetimeSeconds: number;
}): typeof OAuth2Server.AbstractGrantType {
  return customerGrant(options, messages.signInLinkInvalid, async (request) => {
    const id = bodyField(request, "link_id");
    if (!id) throw new OAuth2Server.InvalidRequestError("Missing parameter: `link_id`");
    const token = bodyField(request, "link_token");
    if (!token) throw new OAuth2Server.InvalidRequestError("Missing parameter: `link_token`");
    return options.checkSignInLink({ id, token });
  });
}

/** A grant that signs a customer in once `signIn` has said who, from the request's fields. */
function customerGrant(
  options: { model: Pick<BaseModel, "saveToken">; lifetimeSeconds: number },
  refusedMessage: string,
  signIn: (request: Request) => Promise<SignInOutcome>,
): typeof OAuth2Server.AbstractGrantType {
  return class CustomerGrant extends OAuth2Server.AbstractGrantType {
    override getAccessTokenExpiresAt(): Date {
      return new Date(Date.now() + options.lifetimeSeconds * 1000);
    }

    async handle(request: Request, client: Client): Promise<Token> {
      const scope = this.getScope(request) as string[] | undefined;
      if (!scope || scope.length !== 1 || scope[0] !== "CUSTOMER") {
        throw new OAuth2Server.InvalidScopeError("Invalid scope: Requested scope is invalid");
      }
      const result = await signIn(request);
      if (result.outcome === "too-many-attempts")
        throw new TooManyAttemptsError(messages.tooManyAttempts, result.retryAfterSeconds);
      if (result.outcome === "refused") throw new OAuth2Server.InvalidGrantError(refusedMessage);

      const user: CustomerSigningIn = {
        customerSigningIn: true,
        customerId: result.userId,
        applicationToken: bodyField(request, "api_token"),
      };
      const validatedScope = await this.validateScope(user, client, scope);
      if (!validatedScope)
        throw new OAuth2Server.InvalidScopeError("Invalid scope: Requested scope is invalid");
      const accessToken = await this.generateAccessToken(client, user, validatedScope);
      const saved = await options.model.saveToken(
        {
          accessToken,
          accessTokenExpiresAt: this.getAccessTokenExpiresAt(),
          scope: validatedScope,
          client,
          user,
        },
        client,
        user,
      );
      if (!saved) throw new OAuth2Server.ServerError("The token could not be saved");
      return { ...saved, knownBrowser: result.knownBrowser };
    }
  };
}
