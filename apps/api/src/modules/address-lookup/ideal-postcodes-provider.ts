import { capitalisePostTown } from "capitalise-post-town";
import { z } from "zod";
import { AddressLookupUnavailableError, ukNation, type AddressLookupProvider } from "./provider";

/**
 * Ideal Postcodes' address API (https://docs.ideal-postcodes.co.uk), over plain `fetch`: two
 * documented calls, so no client library. Suggestions come from `GET /v1/autocomplete/addresses`
 * and a suggestion's address from `GET /v1/autocomplete/addresses/{id}/gbr`; both take the key as
 * `api_key`, answer `{ result, code: 2000, message }`, and fail with a 4xx or 5xx and
 * `{ code, message }`.
 */
export interface IdealPostcodesSettings {
  apiKey: string;
  /** Without a trailing slash: https://api.ideal-postcodes.co.uk, or a test's fake. */
  baseUrl: string;
  timeoutMs: number;
}

/** Where failures are told: only the call, status and Ideal Postcodes' code, never the address or key. */
export interface AddressLookupLog {
  warn(details: object, message: string): void;
}

const autocompleteAnswer = z.object({
  result: z.object({
    hits: z.array(z.object({ id: z.string().min(1), suggestion: z.string() })),
  }),
});

const addressAnswer = z.object({
  result: z.object({
    line_1: z.string(),
    line_2: z.string().default(""),
    line_3: z.string().default(""),
    post_town: z.string(),
    county: z.string().default(""),
    postcode: z.string(),
    country: z.string().default(""),
  }),
});

const errorAnswer = z.object({ code: z.number(), message: z.string() });

/** Royal Mail writes post towns in capitals ("MILTON KEYNES"); a form shows "Milton Keynes". */
function postTown(town: string): string {
  return /[a-z]/.test(town) ? town : capitalisePostTown(town);
}

export function createIdealPostcodesProvider(
  settings: IdealPostcodesSettings,
  log: AddressLookupLog,
): AddressLookupProvider {
  function unavailable(call: string, details: Record<string, string | number>): never {
    log.warn({ addressLookup: { provider: "ideal-postcodes", call, ...details } }, "address lookup failed");
    throw new AddressLookupUnavailableError(`${call}: ${Object.values(details).join(" ")}`);
  }

  async function get(call: string, path: string, query: Record<string, string> = {}) {
    // The key goes in the query string, as documented; this URL is never logged or thrown.
    const url = new URL(`${settings.baseUrl}/v1${path}`);
    url.searchParams.set("api_key", settings.apiKey);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    try {
      const response = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const body: unknown = await response.json().catch(() => null);
      return { status: response.status, body };
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
      return unavailable(call, {
        reason: timedOut ? "timed out" : "unreachable",
        ...(typeof cause?.code === "string" ? { cause: cause.code } : {}),
      });
    }
  }

  function refused(call: string, status: number, body: unknown): never {
    const answer = errorAnswer.safeParse(body);
    return unavailable(call, {
      reason: "refused",
      status,
      ...(answer.success ? { code: answer.data.code } : {}),
    });
  }

  return {
    async autocomplete(query) {
      const { status, body } = await get("autocomplete", "/autocomplete/addresses", {
        query,
        context: "gbr",
      });
      if (status !== 200) refused("autocomplete", status, body);
      const answer = autocompleteAnswer.safeParse(body);
      if (!answer.success) unavailable("autocomplete", { reason: "unexpected answer", status });
      return answer.data.result.hits.map((hit) => ({ id: hit.id, text: hit.suggestion }));
    },

    async details(id) {
      const { status, body } = await get("details", `/autocomplete/addresses/${encodeURIComponent(id)}/gbr`);
      if (status === 404) return null;
      if (status !== 200) refused("details", status, body);
      const answer = addressAnswer.safeParse(body);
      if (!answer.success) unavailable("details", { reason: "unexpected answer", status });
      const address = answer.data.result;
      return {
        line1: address.line_1,
        line2: address.line_2,
        line3: address.line_3,
        locality: postTown(address.post_town),
        county: address.county,
        country: ukNation(address.country),
        postcode: address.postcode,
      };
    },
  };
}
