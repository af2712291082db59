import { z } from "zod";

/** A hop that may tell us the visitor's address: one of proxy-addr's names, an address or a range. */
const trustedProxyEntry = z.union([
  z.enum(["loopback", "linklocal", "uniquelocal"]),
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
]);

/**
 * The setting naming which hops may tell a server the visitor's address (X-Forwarded-For): the
 * API's TRUST_PROXY and the website's WEB_TRUST_PROXY, comma-separated. Unset is an empty list,
 * which trusts no one. Whatever connects from an address named may claim any visitor's address,
 * and every per-address limit counts the claim (docs/deployment.md, "The API's port"). Each entry
 * is checked at start, so a typing mistake stops the server rather than leaving every visitor with
 * the proxy's address, and a range of every address (`/0`) stops it rather than letting anyone
 * claim any.
 */
export const trustedProxiesSetting = z
  .string()
  .default("")
  .transform((setting) =>
    setting
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .superRefine((entries, context) => {
    for (const entry of entries) {
      if (!trustedProxyEntry.safeParse(entry).success) {
        context.addIssue({
          code: "custom",
          message: `"${entry}" is not loopback, linklocal, uniquelocal, an IP address or a CIDR range`,
        });
      } else if (/\/0+$/.test(entry)) {
        context.addIssue({
          code: "custom",
          message: `"${entry}" trusts every address: name the web servers' and the load balancer's own`,
        });
      }
    }
  });

/** A Sentry DSN: https://<public key>@<host>/<project id>. Not a secret: browsers are given the web's. */
export const sentryDsnSetting = z
  .url({ protocol: /^https?$/, error: "must be a Sentry DSN (https://key@host/project)" })
  .refine((dsn) => {
    const url = new URL(dsn);
    return /^\w+$/.test(url.username) && /^\/(?:.+\/)?\d+$/.test(url.pathname);
  }, "must be a Sentry DSN (https://key@host/project)");

/**
 * The settings naming a deployment in error reports, the same for the API and the website (each
 * spreads them into its own settings; each has its own DSN: SENTRY_DSN and WEB_SENTRY_DSN).
 */
export const errorReportNameSettings = {
  /** The deployment's name in error reports ("production", "staging"). */
  SENTRY_ENVIRONMENT: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .optional(),
  /** The release in error reports. Unset: from GIT_COMMIT_SHA, else the package version (`errorReportRelease`). */
  SENTRY_RELEASE: z
    .string()
    .regex(/^[\w.@+:-]{1,200}$/)
    .optional(),
  /** The commit being run, given by the build or deployment; names the release when SENTRY_RELEASE is unset. */
  GIT_COMMIT_SHA: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/i)
    .optional(),
};

/** The release named in error reports: SENTRY_RELEASE, else the commit, else the app's package version. */
export function errorReportRelease(
  settings: { SENTRY_RELEASE?: string | undefined; GIT_COMMIT_SHA?: string | undefined },
  packageVersion: string,
): string {
  return settings.SENTRY_RELEASE ?? `kindred@${settings.GIT_COMMIT_SHA ?? packageVersion}`;
}
