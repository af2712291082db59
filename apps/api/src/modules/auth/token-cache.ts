import { LRUCache } from "lru-cache";
import type { DatabaseHandle } from "../../db/database";
import type { TokenHolder } from "./token-holder";

/** The channel every revocation is announced on (see `revokeAccessToken` in queries.ts). */
export const tokenRevocationChannel = "access_token_revoked";

/** A revocation's announcement: one token by its hash, or every token of one user. */
export function revocationOfToken(tokenHash: string): string {
  return `token:${tokenHash}`;
}
export function revocationOfUser(userId: string): string {
  return `user:${userId}`;
}

interface VerifiedToken {
  holder: TokenHolder;
  expiresAt: Date;
}

export interface TokenCache {
  get(tokenHash: string): VerifiedToken | undefined;
  set(tokenHash: string, token: VerifiedToken): void;
  /**
   * Forgets revoked tokens in this process at once, once the revocation is committed. Other
   * processes hear of it by notification; this one must not answer its own next request from
   * memory in the moment before the notification arrives.
   */
  forget(announcement: string): void;
  close(): Promise<void>;
}

/** A verified token is trusted from memory for at most this long, notification or not. */
const longestKeepMs = 5 * 60_000;

/**
 * Verified bearer tokens kept in memory, so that a request does not wait on the database to
 * learn who it is from. Every API process listens for revocations (PostgreSQL LISTEN/NOTIFY) and
 * forgets the token, or all of a user's tokens, at once; while the listening connection is down
 * nothing is trusted from memory, and when it is back everything kept before is dropped, since
 * revocations may have been missed in between.
 */
export async function createTokenCache(database: Pick<DatabaseHandle, "listen">): Promise<TokenCache> {
  const verified = new LRUCache<string, VerifiedToken>({ max: 50_000, ttl: longestKeepMs });
  let listening = false;

  const forget = (announcement: string) => {
    const separator = announcement.indexOf(":");
    const [kind, subject] = [announcement.slice(0, separator), announcement.slice(separator + 1)];
    if (kind === "token") verified.delete(subject);
    if (kind === "user") {
      for (const [tokenHash, token] of verified.entries()) {
        if (token.holder.userId === subject) verified.delete(tokenHash);
      }
    }
  };

  const stopListening = await database.listen(tokenRevocationChannel, {
    onNotification: forget,
    onListening() {
      verified.clear();
      listening = true;
    },
    onInterrupted() {
      listening = false;
      verified.clear();
    },
  });

  return {
    get(tokenHash) {
      if (!listening) return undefined;
      const token = verified.get(tokenHash);
      if (token && token.expiresAt.getTime() <= Date.now()) {
        verified.delete(tokenHash);
        return undefined;
      }
      return token;
    },
    set(tokenHash, token) {
      if (!listening) return;
      const untilExpiry = token.expiresAt.getTime() - Date.now();
      if (untilExpiry <= 0) return;
      verified.set(tokenHash, token, { ttl: Math.min(untilExpiry, longestKeepMs) });
    },
    forget,
    close: stopListening,
  };
}
