// @vitest-environment node
import { describe, expect, it } from "vitest";
import { firstJourneyStepHandle, journeyStepHandles, journeyStepPath } from "@kindred/domain";
import { publicPageMetadata } from "./page-metadata";

const { stepMetadata } = await import("../features/planning/step-route");

describe("what search engines are told", () => {
  it("gives a public page its own canonical address and a 1200 by 630 picture to share", () => {
    const metadata = publicPageMetadata({
      title: "Free guide",
      description: "A guide.",
      path: "/free-guide",
    });
    expect(metadata.alternates?.canonical).toBe("/free-guide");
    expect(metadata.robots).toBeUndefined();
    expect(metadata.openGraph).toMatchObject({
      url: "/free-guide",
      locale: "en_GB",
      siteName: "Kindred Funeral Plans",
      title: "Free guide | Kindred Funeral Plans",
      images: [{ url: "/opengraph-image", width: 1200, height: 630 }],
    });
    expect(metadata.twitter).toMatchObject({ card: "summary_large_image" });
  });

  it("lists the journey's first step, and marks every later step noindex with no canonical", () => {
    expect(stepMetadata(firstJourneyStepHandle).alternates?.canonical).toBe(
      journeyStepPath(firstJourneyStepHandle),
    );
    expect(stepMetadata(firstJourneyStepHandle).robots).toBeUndefined();
    const later = journeyStepHandles.filter((handle) => handle !== firstJourneyStepHandle);
    expect(later).toContain("summary");
    for (const handle of later) {
      expect(stepMetadata(handle).robots, handle).toEqual({ index: false, follow: false });
      expect(stepMetadata(handle).alternates, handle).toBeUndefined();
    }
  });
});
