export * from "./health";
export * from "./plan-options";
export * from "./token";
export * from "./violations";
