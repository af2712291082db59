"use client";

import { PlanSearch } from "./plan-search";
import { SignedInStaffPage } from "./signed-in-staff-page";

/** /staff: who is signed in, and finding a plan. */
export function StaffHomeScreen() {
  return (
    <SignedInStaffPage page="home" title="Find a plan">
      {() => <PlanSearch />}
    </SignedInStaffPage>
  );
}
