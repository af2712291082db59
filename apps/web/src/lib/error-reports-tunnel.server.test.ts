// @vitest-environment node
import { describe, expect, it } from "vitest";
import { envelopeAddressOf, envelopeDestination } from "./error-reports-tunnel.server";

const ourDsn = "https://publickey@o123.ingest.sentry.example/4567";

function envelope(dsn: unknown): string {
  return `${JSON.stringify({ event_id: "0f3c1d9a2b7e4c5d8e9f0a1b2c3d4e5f", dsn })}\n{"type":"event"}\n{}`;
}

describe("the error reports tunnel", () => {
  it("sends an envelope for our DSN to that DSN's envelope address", () => {
    expect(envelopeDestination(envelope(ourDsn), ourDsn)).toBe(
      "https://o123.ingest.sentry.example/api/4567/envelope/",
    );
    expect(envelopeAddressOf("https://key@sentry.internal/errors/12")).toBe(
      "https://sentry.internal/errors/api/12/envelope/",
    );
  });

  it("passes on nothing meant for another project or host, and nothing that is not an envelope", () => {
    expect(
      envelopeDestination(envelope("https://publickey@o123.ingest.sentry.example/9999"), ourDsn),
    ).toBeNull();
    expect(envelopeDestination(envelope("https://publickey@attacker.example/4567"), ourDsn)).toBeNull();
    expect(envelopeDestination(envelope(undefined), ourDsn)).toBeNull();
    expect(envelopeDestination("not json\n{}", ourDsn)).toBeNull();
  });
});
