import type { ContributionWishTopic } from "./journey-data";

/**
 * The keys of the running price (SPEC.md section 3, Price data). Guaranteed amounts are keyed by
 * step; contributions (money set aside for loved ones, not guaranteed) have keys of their own.
 */
export const basicPriceKey = "attendance";

/** The price key of each "Record your wishes" contribution (SPEC.md's additional step keys). */
export const wishPriceKeys = {
  stationery: "stationary",
  flowers: "flowers",
  memorial: "memorial",
  photoVideo: "photography-videography",
  music: "music",
  otherRequests: "other-requests",
} as const satisfies Record<ContributionWishTopic, string>;

export const pallbearersContributionPriceKey = "pallbearers-contribution";
export const transportationContributionPriceKey = "transportation-contribution";

export const contributionPriceKeys: readonly string[] = [
  pallbearersContributionPriceKey,
  transportationContributionPriceKey,
  ...Object.values(wishPriceKeys),
];
