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
import { createGuestWithToken, findLiveAccessToken, findOAuthClient } from "./queries";
import { hashSecret, secretMatchesHash } from "./secret-hash";

/** Who a bearer token speaks for, as every `/api/*` handler sees it. */
export interface TokenHolder {
  userId: string;
  userKind: "guest" | "customer";
  scope: TokenScope;
  clientId: string;
}

/** Stands for the guest that saving the token will create: nobody exists until a token does. */
const guestToBeCreated: User = { guestToBeCreated: true };

const scopeByGrant: Record<string, TokenScope> = {
  client_credentials: "APPLICATION",
};

export function createOAuthModel(db: Database): ClientCredentialsModel & RequestAuthenticationModel {
  return {
    async getClient(clientId: string, clientSecret: string): Promise<Client | Falsey> {
      const client = await findOAuthClient(db, clientId);
      if (!client || !secretMatchesHash(clientSecret, client.secretHash)) return false;
      return { id: client.id, grants: client.grants };
    },

    async getUserFromClient(): Promise<User> {
      return guestToBeCreated;
    },

    async validateScope(_user: User, client: Client, scope?: string[]): Promise<string[] | Falsey> {
      const grants = typeof client.grants === "string" ? [client.grants] : client.grants;
      const grant = grants.find((candidate) => scopeByGrant[candidate]);
      const allowed = grant ? scopeByGrant[grant] : undefined;
      if (!allowed || !scope || scope.length !== 1 || scope[0] !== allowed) return false;
      return [allowed];
    },

    async generateAccessToken(): Promise<string> {
      return randomBytes(32).toString("base64url");
    },

    async saveToken(token: Token, client: Client, user: User): Promise<Token | Falsey> {
      if (user !== guestToBeCreated) return false;
      if (!token.accessTokenExpiresAt) throw new Error("An access token must expire");
      const { userId } = await createGuestWithToken(db, {
        tokenHash: hashSecret(token.accessToken),
        clientId: client.id,
        scope: (token.scope ?? []).join(" "),
        expiresAt: token.accessTokenExpiresAt,
      });
      return { ...token, client, user: { id: userId } };
    },

    async getAccessToken(accessToken: string): Promise<Token | Falsey> {
      const row = await findLiveAccessToken(db, hashSecret(accessToken));
      if (!row) return false;
      const holder: TokenHolder = {
        userId: row.userId,
        userKind: row.userKind,
        scope: row.scope as TokenScope,
        clientId: row.clientId,
      };
      return {
        accessToken,
        accessTokenExpiresAt: row.expiresAt,
        scope: [row.scope],
        client: { id: row.clientId, grants: [] },
        user: holder,
      };
    },
  };
}
