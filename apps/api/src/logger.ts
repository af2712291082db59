import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config";
import { describeDatabaseError, isDatabaseError } from "./db/database";

/**
 * How an error is logged. A database failure is logged by its driver code and message only:
 * Drizzle puts the query and its parameters in its message, and those carry password hashes,
 * email addresses and plan notes.
 */
function errorForLog(error: Error): { type: string; message: string; stack: string } {
  if (isDatabaseError(error))
    return { type: "DatabaseError", message: describeDatabaseError(error), stack: "" };
  return { type: error.name, message: error.message, stack: error.stack ?? "" };
}

/**
 * Structured JSON logs. Headers are logged to help support, but credentials never are:
 * authorization and cookies are censored, and no request body (token requests carry client
 * secrets and passwords) is ever logged.
 */
export function loggerOptions(
  config: Pick<Config, "LOG_LEVEL">,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions["logger"] {
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'req.headers["x-api-token"]',
        "req.body",
        "res.headers['set-cookie']",
      ],
      censor: "[redacted]",
    },
    serializers: {
      err: errorForLog,
      req(request: { method: string; url: string; headers: Record<string, unknown>; ip?: string }) {
        return {
          method: request.method,
          url: request.url.split("?")[0],
          headers: { ...request.headers },
          remoteAddress: request.ip,
        };
      },
    },
  };
}
