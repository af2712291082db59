import { request as httpRequest } from "node:http";
import { webPort } from "../playwright.config";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One plain HTTP request to the running website, exactly as given: a browser cannot send TRACE,
 * `fetch` normalises a malformed address, and neither can choose the address it comes from
 * (every address in 127.0.0.0/8 reaches this machine).
 */
export function sendRaw(request: {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
}): Promise<RawAnswer> {
  const { method, path, headers = {}, body, localAddress } = request;
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: "127.0.0.1",
        port: webPort,
        method,
        path,
        ...(localAddress === undefined ? {} : { localAddress }),
        headers:
          body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}
