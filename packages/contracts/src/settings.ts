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
 * which trusts no one. Each entry is checked at start, so a typing mistake stops the server
 * rather than leaving every visitor with the proxy's address, or anyone able to claim any.
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
      }
    }
  });
