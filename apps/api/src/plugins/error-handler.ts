import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { Violation } from "@kindred/contracts";

/** `/items/0/name` -> `items[0].name`, the property path a form can point at. */
export function toPropertyPath(instancePath: string, fallback: string): string {
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
 * One answer for every failure: invalid input becomes `{ violations }`, other 4xx keep their
 * status with a violation explaining it, and a 5xx never shows what went wrong inside.
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
    const statusCode = error.statusCode ?? 500;
    if (statusCode < 500) {
      return reply.code(statusCode).send({
        violations: [{ propertyPath: "Request", title: error.message }],
      });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({
      violations: [{ propertyPath: "Global", title: "Fatal error please refresh or contact site admin" }],
    });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      violations: [
        { propertyPath: "Request", title: `No such address: ${request.method} ${request.url.split("?")[0]}` },
      ],
    }),
  );
}
