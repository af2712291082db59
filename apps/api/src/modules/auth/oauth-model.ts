import { randomBytes } from "node:crypto";
import type {
  Client,
  ClientCredentialsModel,
  Falsey,
  RequestAuthenticationModel,
  Token,
  User,
} from "@node-oauth/oauth2-server";
import type { TokenScope } from "@kindred/contracts";
import type { Database } from "../../db/database";
import { createCustomerToken, createGuestWithToken, findLiveAccessToken, findOAuthClient } from "./queries";
import { hashSecret, secretMatchesHash } from "./secret-hash";
import type { TokenCache } from "./token-cache";

/** Stands for the guest that saving the token will create: nobody exists until a token does. */
const guestToBeCreated: User = { guestToBeCreated: true };

/**
 * A customer whose email and password were right (the password grant), with the application
 * token they used as a visitor, if they sent one: its guest's plans become theirs.
 */
export interface CustomerSigningIn extends User {
  customerSigningIn: true;
  customerId: string;
  applicationToken: string | undefined;
}

function isCustomerSigningIn(user: User): user is CustomerSigningIn {
  return (user as Partial<CustomerSigningIn>).customerSigningIn === true;
}

/** The one scope each kind of token holder may ask for. */
function scopeFor(user: User): TokenScope | undefined {
  if (user === guestToBeCreated) return "APPLICATION";
  if (isCustomerSigningIn(user)) return "CUSTOMER";
  return undefined;
}

export function createOAuthModel(
  db: Database,
  verifiedTokens: TokenCache,
): ClientCredentialsModel & RequestAuthenticationModel {
  return {
    async getClient(clientId: string, clientSecret: string): Promise<Client | Falsey> {
      const client = await findOAuthClient(db, clientId);
      if (!client || !secretMatchesHash(clientSecret, client.secretHash)) return false;
      return { id: client.id, grants: client.grants };
    },

    async getUserFromClient(): Promise<User> {
      return guestToBeCreated;
    },

    async validateScope(user: User, _client: Client, scope?: string[]): Promise<string[] | Falsey> {
      const allowed = scopeFor(user);
      if (!allowed || !scope || scope.length !== 1 || scope[0] !== allowed) return false;
      return [allowed];
    },

    async generateAccessToken(): Promise<string> {
      return randomBytes(32).toString("base64url");
    },

    async saveToken(token: Token, client: Client, user: User): Promise<Token | Falsey> {
      if (!token.accessTokenExpiresAt) throw new Error("An access token must expire");
      const stored = {
        tokenHash: hashSecret(token.accessToken),
        clientId: client.id,
        scope: (token.scope ?? []).join(" "),
        expiresAt: token.accessTokenExpiresAt,
      };
      if (isCustomerSigningIn(user)) {
        await createCustomerToken(
          db,
          { ...stored, userId: user.customerId },
          user.applicationToken ? hashSecret(user.applicationToken) : undefined,
        );
        return { ...token, client, user: { id: user.customerId } };
      }
      if (user !== guestToBeCreated) return false;
      const { userId } = await createGuestWithToken(db, stored);
      return { ...token, client, user: { id: userId } };
    },

    async getAccessToken(accessToken: string): Promise<Token | Falsey> {
      const tokenHash = hashSecret(accessToken);
      let verified = verifiedTokens.get(tokenHash);
      if (!verified) {
        const row = await findLiveAccessToken(db, tokenHash);
        if (!row) return false;
        verified = {
          holder: {
            userId: row.userId,
            userKind: row.userKind,
            scope: row.scope as TokenScope,
            clientId: row.clientId,
            tokenHash: row.tokenHash,
          },
          expiresAt: row.expiresAt,
        };
        verifiedTokens.set(tokenHash, verified);
      }
      const { holder, expiresAt } = verified;
      return {
        accessToken,
        accessTokenExpiresAt: expiresAt,
        scope: [holder.scope],
        client: { id: holder.clientId, grants: [] },
        user: holder,
      };
    },
  };
}
