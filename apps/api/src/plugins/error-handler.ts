import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { requestViolation, type Violation } from "@kindred/contracts";
import { messages } from "@kindred/domain";
import { describeDatabaseError, isDatabaseUnavailable } from "../db/database";
import { reportServerError } from "../error-reporting";

/** `/items/0/name` -> `items[0].name`, the property path a form can point at. */
function toPropertyPath(instancePath: string, fallback: string): string {
  const segments = instancePath.split("/").filter(Boolean);
  if (segments.length === 0) return fallback;
  return segments
    .map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : index === 0 ? segment : `.${segment}`))
    .join("");
}

/** Thrown by services when input is well-formed but breaks a rule; answered as violations. */
export class ViolationError extends Error {
  constructor(
    readonly violations: Violation[],
    readonly statusCode = 422,
  ) {
    super(violations.map((violation) => `${violation.propertyPath}: ${violation.title}`).join("; "));
    this.name = "ViolationError";
  }
}

/**
 * A service we depend on (a payment provider, say) did not answer or refused us: not the request's
 * fault and not a bug. Answered 502 with a plain message; logged as a warning with only the
 * error's own safe fields (its message), never a body.
 */
export class DependencyUnavailableError extends Error {
  readonly statusCode = 502;
  readonly title: string;
  constructor(message: string, title: string) {
    super(message);
    this.name = "DependencyUnavailableError";
    this.title = title;
  }
}

/**
 * One answer for every failure: invalid input becomes `{ violations }`, other 4xx keep their
 * status with a violation explaining it, and a 5xx never shows what went wrong inside (it is
 * reported instead, when error reporting is on: `error-reporting.ts`).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ViolationError) {
      return reply.code(error.statusCode).send({ violations: error.violations });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? "body";
      return reply.code(400).send({
        violations: error.validation.flatMap((issue) => {
          // An unexpected field is pointed at by its own name, one violation each.
          const unexpectedKeys = issue.keyword === "unrecognized_keys" ? issue.params.keys : undefined;
          if (Array.isArray(unexpectedKeys) && unexpectedKeys.length > 0) {
            return unexpectedKeys.map((key) => ({
              propertyPath: toPropertyPath(`${issue.instancePath}/${String(key)}`, context),
              title: `Unrecognized key: "${String(key)}"`,
            }));
          }
          return [
            {
              propertyPath: toPropertyPath(issue.instancePath, context),
              title: issue.message ?? "This value is not valid.",
            },
          ];
        }),
      });
    }
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault and not a bug: the database is out of reach for now.
      request.log.warn({ database: describeDatabaseError(error) }, "database unavailable");
      reportServerError(error, request, 503);
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({ violations: [{ propertyPath: "Global", title: messages.requestFailed }] });
    }
    if (error instanceof DependencyUnavailableError) {
      request.log.warn({ dependency: error.message }, "a service we depend on failed");
      reportServerError(error, request, 502);
      return reply.code(502).send({ violations: [{ propertyPath: "Global", title: error.title }] });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode < 500) {
      return reply.code(statusCode).send({
        violations: [requestViolation(error.message)],
      });
    }
    request.log.error({ err: error }, "request failed");
    // Only failures the API answers with a 5xx reach the error reports (none while SENTRY_DSN is unset).
    reportServerError(error, request, 500);
    return reply.code(500).send({
      violations: [{ propertyPath: "Global", title: messages.requestFailed }],
    });
  });

  app.setNotFoundHandler((request, reply) =>
    // Not kept by a browser or proxy: the address may answer tomorrow.
    reply
      .code(404)
      .header("cache-control", "no-store")
      .send({
        violations: [
          {
            propertyPath: "Request",
            title: `No such address: ${request.method} ${request.url.split("?")[0]}`,
          },
        ],
      }),
  );
}

/**
 * Fastify's own refusals before any route runs (a malformed URL, a path segment over the length
 * limit: 400 and 414), in the same violations shape as every other answer.
 */
export const answerFrameworkError: NonNullable<FastifyServerOptions["frameworkErrors"]> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const title = statusCode === 414 ? "This address is too long." : "This address is not valid.";
  void reply.code(statusCode).send({ violations: [{ propertyPath: "Request", title }] });
};

// A NUL character or half of a UTF-16 surrogate pair: text no database column can hold, and
// no person types. Refused with a violation rather than failing at the database with a 500.
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const unstorableCharacter = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorableTextPaths(value: unknown, path: string, found: string[]): string[] {
  if (found.length >= 10) return found;
  if (typeof value === "string") {
    if (unstorableCharacter.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableTextPaths(item, `${path}[${index}]`, found));
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (unstorableCharacter.test(key))
        found.push(path ? `${path}.${key.replace(unstorableCharacter, "?")}` : key);
      else unstorableTextPaths(item, path ? `${path}.${key}` : key, found);
    }
  }
  return found;
}

/** A `preValidation` hook: refuses a body or query carrying text that cannot be stored. */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const paths = [...unstorableTextPaths(request.query, "", []), ...unstorableTextPaths(request.body, "", [])];
  if (paths.length > 0) {
    throw new ViolationError(
      paths.map((propertyPath) => ({
        propertyPath: propertyPath || "body",
        title: "This value contains characters that cannot be used. Please type it again.",
      })),
      400,
    );
  }
}
