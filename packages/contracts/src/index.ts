export * from "./account";
export * from "./funeral-director";
export * from "./health";
export * from "./journey";
export * from "./plan";
export * from "./plan-options";
export * from "./token";
export * from "./violations";
