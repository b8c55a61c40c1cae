import { config } from "zod";

/**
 * Imported first by main.tsx, before any schema is made: zod's faster parser compiles code with
 * `new Function`, which the console's Content-Security-Policy forbids (decision 030), and even
 * its probe for it is reported as a violation. Without it, zod parses by walking the schema.
 */
config({ jitless: true });
