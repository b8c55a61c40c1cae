// A bare node:http server answering every request with the same bytes and headers: the
// ceiling a Node process on this box can reach for a response of that size. Run as a child
// process (like the real server) so it does not share the load generator's event loop.
// argv: <body file> <headers JSON> <port>
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [bodyFile, headersJson, port] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const headers = { ...JSON.parse(headersJson!), "content-length": String(body.length) };

const server = createServer((request, response) => {
  // Drain a request body (the signed POSTs carry one) before answering, as a real server must.
  request.resume();
  request.on("end", () => {
    response.writeHead(200, headers);
    response.end(body);
  });
});
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
