export * from "./accounts.ts";
export * from "./api-clients.ts";
export * from "./catalogue.ts";
export * from "./content.ts";
export * from "./mail.ts";
export * from "./operators.ts";
export * from "./orders.ts";
export * from "./relations.ts";
