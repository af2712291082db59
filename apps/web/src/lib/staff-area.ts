/**
 * The staff back office lives under `/staff` in this app (docs/decisions/031-staff-back-office.md):
 * the customer site's header, footer, cookie banner and third parties are left out there.
 */
export function isStaffPath(pathname: string | null): boolean {
  return pathname === "/staff" || (pathname?.startsWith("/staff/") ?? false);
}
