import type { FastifyInstance, FastifyRequest } from "fastify";
import { messages, staffMay, staffMessages, type StaffPermission } from "@kindred/domain";
import { requestViolation } from "@kindred/contracts";
import type { Database } from "../../db/database";
import { bearerTokenIn } from "../../plugins/authorization-header";
import { ViolationError } from "../../plugins/error-handler";
import { recordStaffAction, type AuditContext } from "./audit-log";
import { refusalEntry, refusalStatuses } from "./refusals";
import type { SignedInStaff, StaffService } from "./staff-service";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A staff route's permission (`@kindred/domain`'s `staffPermissions`), or `invitation` for the
     * two routes a person with an invitation link uses before they have an account.
     */
    staff?: { may: StaffPermission | "invitation" };
  }
  interface FastifyRequest {
    /** Who is acting and from where, for the audit log; set on every staff request. */
    staffAudit: AuditContext;
    /** The signed-in member of staff, on routes behind a permission. */
    staffMember: SignedInStaff | null;
  }
}

/**
 * The staff API's guard (docs/decisions/031-staff-back-office.md). Every route must name what it
 * needs (the app refuses to start otherwise); before anything else of a request, its bearer token
 * is looked up among staff tokens only (a customer's is never found there) and the member's role
 * checked. A route that answers successfully without writing to the audit log is a fault: the
 * answer is withheld and the fault logged, so a route that forgets cannot show anything. Every
 * refusal (403, 409) is recorded here, for every route, after its change was rolled back.
 */
export function guardStaffRoutes(app: FastifyInstance, staff: StaffService, db: Database): void {
  app.decorateRequest("staffAudit", null as unknown as AuditContext);
  app.decorateRequest("staffMember", null);

  app.addHook("onRoute", (route) => {
    if (!route.config?.staff) {
      throw new Error(`Staff route ${route.method} ${route.url} names no permission (config.staff)`);
    }
  });

  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    request.staffAudit = { staffMemberId: null, fromAddress: request.ip, recorded: false };
    const needs = request.routeOptions.config.staff?.may;
    if (!needs) throw new Error("Staff route without a permission");
    if (needs === "invitation") return;
    const token = bearerTokenOf(request);
    const member = token ? await staff.signedInBy(token) : null;
    if (!member) {
      return reply.code(401).header("www-authenticate", 'Bearer realm="staff", error="invalid_token"').send({
        error: "invalid_token",
        error_description: "A valid staff access token is needed. Please sign in again.",
      });
    }
    // Known before a refusal, so the refusal is recorded as theirs.
    request.staffAudit.staffMemberId = member.id;
    if (!staffMay(member.role, needs)) {
      throw new ViolationError([requestViolation(staffMessages.staffPermissionNeeded)], 403);
    }
    request.staffMember = member;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (refusalStatuses.has(reply.statusCode)) {
      // On the pool, not the request's transaction: that was rolled back with the refused change.
      try {
        await recordStaffAction(db, request.staffAudit, refusalEntry(request, reply.statusCode, payload));
      } catch (error) {
        request.log.error({ err: error }, "a refusal could not be recorded in the audit log");
      }
      return payload;
    }
    if (reply.statusCode < 400 && !request.staffAudit?.recorded) {
      request.log.error(
        { route: request.routeOptions.url },
        "a staff route answered without recording it in the audit log",
      );
      reply.code(500);
      return JSON.stringify({ violations: [{ propertyPath: "Global", title: messages.requestFailed }] });
    }
    return payload;
  });
}

/** The request's bearer token, or an empty string. */
export function bearerTokenOf(request: FastifyRequest): string {
  return bearerTokenIn(request.headers.authorization);
}

/** The signed-in member, on a route behind a permission. */
export function staffMemberOf(request: FastifyRequest): SignedInStaff {
  if (!request.staffMember) throw new Error("Route is not behind a staff permission");
  return request.staffMember;
}
