import { runServer } from "./run-server.ts";

await runServer({ web: true });
