// zod is configured before any schema is made (zod-config.ts): the console itself, whose
// modules make the contracts' schemas as they load, is imported only after that has run.
import "./zod-config.ts";

void import("./start.tsx");
