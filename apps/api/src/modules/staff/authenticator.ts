import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";

/**
 * The second factor: time-based one-time codes (RFC 6238) from an authenticator app, with
 * otpauth. SHA-1, six digits, a new code every 30 seconds: what every common app reads from a QR
 * code. A code is accepted for the step before and after the current one too (a phone's clock a
 * little out), and only for a step later than the last one used, so each code works once.
 */
const issuer = "Kindred Funeral Plans staff";

function totpOf(key: string, label = "") {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(key),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });
}

/** A new key (160 bits, as RFC 4226 recommends), in base32. */
export function newAuthenticatorKey(): string {
  return new Secret({ size: 20 }).base32;
}

/** What an invitation shows to set up the app: the key in groups of four, its address and QR code. */
export function authenticatorEnrolment(key: string, email: string) {
  const uri = totpOf(key, email).toString();
  return {
    authenticatorKey: key.match(/.{1,4}/g)?.join(" ") ?? key,
    authenticatorUri: uri,
    qrCodeSvg: renderSVG(uri, { border: 2, pixelSize: 6 }),
  };
}

/**
 * The time-step of `code` when it is right for `key` at `now` and later than `lastStep`; null
 * otherwise (wrong, too old or too new, or used already).
 */
export function acceptedStep(key: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(key);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  const step = totp.counter({ timestamp }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
