/** The purchase screens (SPEC.md section 2), in the order a person goes through them. */
export const purchasePaths = {
  whoFor: "/purchase",
  customer: "/purchase/customer",
  additional: "/purchase/additional",
  options: "/purchase/options",
} as const;
