import * as messages from "./messages";

/**
 * One thing wrong with a request: the field it is about (or `Request` for the request as a
 * whole) and what to tell the person. The contracts package validates the same shape with zod;
 * this plain form lets browser code build one without bundling zod.
 */
export interface Violation {
  propertyPath: string;
  title: string;
}

/** A violation about the request as a whole (SPEC.md section 8: path Request). */
export function requestViolation(title: string): Violation {
  return { propertyPath: "Request", title };
}

/** What a person is told when their request never reached us (SPEC.md section 8). */
export const couldNotSendRequestResponse: { violations: Violation[] } = {
  violations: [requestViolation(messages.requestNotSent)],
};
