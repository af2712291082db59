import OAuth2Server from "@node-oauth/oauth2-server";
import type { Client, Request, Token } from "@node-oauth/oauth2-server";
import { staffMessages } from "@kindred/domain";
import { bodyField, TooManyAttemptsError } from "../auth";
import type { StaffService } from "./staff-service";

/**
 * How a member of staff signs in at `POST /token` (docs/decisions/031-staff-back-office.md): the
 * extension grant `staffSignInGrantType` with `scope=STAFF`, `username` (the email), `password`
 * and `otp` (the authenticator's code). The token is a staff token, kept apart from customers'.
 */
export function staffSignInGrant(staff: StaffService): typeof OAuth2Server.AbstractGrantType {
  return class StaffSignInGrant extends OAuth2Server.AbstractGrantType {
    async handle(request: Request, client: Client): Promise<Token> {
      const scope = this.getScope(request) as string[] | undefined;
      if (!scope || scope.length !== 1 || scope[0] !== "STAFF") {
        throw new OAuth2Server.InvalidScopeError("Invalid scope: Requested scope is invalid");
      }
      const email = bodyField(request, "username");
      if (!email) throw new OAuth2Server.InvalidRequestError("Missing parameter: `username`");
      const password = bodyField(request, "password");
      if (!password) throw new OAuth2Server.InvalidRequestError("Missing parameter: `password`");
      const code = bodyField(request, "otp");
      if (!code) throw new OAuth2Server.InvalidRequestError("Missing parameter: `otp`");

      const address = String((request as Request & { ip?: unknown }).ip ?? "unknown");
      const result = await staff.signIn({ email, password, code }, address);
      // The same answer for every address, a member's or not: it says nothing about who is staff.
      if (result.outcome === "slowed")
        throw new TooManyAttemptsError(staffMessages.staffTooManyTries, result.retryAfterSeconds);
      if (result.outcome === "refused")
        throw new OAuth2Server.InvalidGrantError(staffMessages.staffSignInFailed);
      return {
        accessToken: result.token,
        accessTokenExpiresAt: result.expiresAt,
        scope: ["STAFF"],
        client,
        user: { id: result.staffMemberId },
      };
    }
  };
}
