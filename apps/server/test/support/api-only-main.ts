// `npm start` without the web tier: the same start, configuration and exits as main.ts, for
// tests of the API's durability that must not depend on a site build.
import { runServer } from "../../src/run-server.ts";

await runServer({ web: false });
