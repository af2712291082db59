import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** An address as Ideal Postcodes' API answers it (the fields our adapter reads, and a few more). */
export interface IdealPostcodesAddress {
  id: string;
  udprn: number;
  line_1: string;
  line_2: string;
  line_3: string;
  post_town: string;
  county: string;
  postcode: string;
  country: string;
}

interface RecordedCall {
  path: string;
  query: URLSearchParams;
}

type Failure = { status: number; body: unknown } | "hang";

/**
 * Ideal Postcodes' address API as its documentation describes it (https://docs.ideal-postcodes.co.uk),
 * on 127.0.0.1: `GET /v1/autocomplete/addresses?api_key=&query=` answers
 * `{ result: { hits: [{ id, suggestion, udprn, urls }] }, code: 2000, message: "Success" }` and
 * `GET /v1/autocomplete/addresses/{id}/gbr?api_key=` the address `{ result: {...}, code: 2000 }`;
 * a wrong key is 401 `{ code: 4010 }` and an unknown id 404 `{ code: 4044 }`. The next answers can
 * be made failures (a status and body), or held unanswered to see a timeout.
 */
export async function startFakeIdealPostcodes({
  apiKey,
  addresses,
}: {
  apiKey: string;
  addresses: IdealPostcodesAddress[];
}) {
  const calls: RecordedCall[] = [];
  const failures: Failure[] = [];
  const sockets = new Set<Socket>();

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  }

  function suggestion(address: IdealPostcodesAddress): string {
    // As the documentation shows them: the address lines, the post town in mixed case ("London"),
    // and the outward code.
    const town = address.post_town.toLowerCase().replace(/\b\w/g, (letter) => letter.toUpperCase());
    return [address.line_1, address.line_2, address.line_3, town, address.postcode.split(" ")[0]]
      .filter(Boolean)
      .join(", ");
  }

  function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    calls.push({ path: url.pathname, query: url.searchParams });
    const failure = failures.shift();
    if (failure === "hang") return; // never answered: the caller's timeout has to end it
    if (failure) return send(response, failure.status, failure.body);

    if (url.searchParams.get("api_key") !== apiKey) {
      return send(response, 401, {
        code: 4010,
        message:
          "Invalid Key. For more information see http://ideal-postcodes.co.uk/documentation/response-codes#4010",
      });
    }
    if (request.method === "GET" && url.pathname === "/v1/autocomplete/addresses") {
      const words = (url.searchParams.get("query") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      const hits = addresses
        .filter((address) => {
          const text = `${suggestion(address)} ${address.postcode}`.toLowerCase().replace(/,/g, "");
          return words.length > 0 && words.every((word) => text.includes(word));
        })
        .map((address) => ({
          id: address.id,
          suggestion: suggestion(address),
          udprn: address.udprn,
          urls: { udprn: `/v1/udprn/${address.udprn}` },
        }));
      return send(response, 200, { result: { hits }, code: 2000, message: "Success" });
    }
    const resolve = /^\/v1\/autocomplete\/addresses\/([^/]+)\/gbr$/.exec(url.pathname);
    if (request.method === "GET" && resolve?.[1]) {
      const address = addresses.find((candidate) => candidate.id === decodeURIComponent(resolve[1] ?? ""));
      if (!address) return send(response, 404, { code: 4044, message: "Address not found" });
      const { id, ...fields } = address;
      return send(response, 200, {
        result: { id, dataset: "paf", ...fields, postcode_outward: address.postcode.split(" ")[0] },
        code: 2000,
        message: "Success",
      });
    }
    return send(response, 404, { code: 4040, message: "Resource not found" });
  }

  const server = createServer(answer);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    /** The next answer is this status and body, whatever was asked. */
    failNext(status: number, body: unknown) {
      failures.push({ status, body });
    },
    /** The next request is never answered. */
    hangNext() {
      failures.push("hang");
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

export type FakeIdealPostcodes = Awaited<ReturnType<typeof startFakeIdealPostcodes>>;
