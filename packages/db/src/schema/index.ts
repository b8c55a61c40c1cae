export * from "./api-clients.ts";
export * from "./catalogue.ts";
export * from "./content.ts";
export * from "./exchange.ts";
export * from "./mail.ts";
export * from "./relations.ts";
