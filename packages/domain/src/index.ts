export * from "./catalogue";
export * from "./journey-steps";
export * from "./money";
export * from "./price-data";
