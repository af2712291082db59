import type { Violation, ViolationsResponse } from "@kindred/contracts";

/**
 * SPEC.md section 8's wording for requests that fail. Used by the browser's API client and by the
 * web server when it cannot reach the API, so a person sees the same words either way.
 */
export const couldNotSendRequestMessage = "Application could not send request, please contact site admin";
export const fatalRequestMessage = "Fatal error please refresh or contact site admin";

export function requestViolation(title: string): Violation {
  return { propertyPath: "Request", title };
}

export const couldNotSendRequestResponse: ViolationsResponse = {
  violations: [requestViolation(couldNotSendRequestMessage)],
};
