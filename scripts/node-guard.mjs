// Fails loudly when a script runs on a Node older than 24: the code relies on Node 24's
// native TypeScript type stripping, and `npm ci --ignore-scripts` silently skips the
// `node@24` devDependency's install, leaving the system node in charge (DESIGN.md).
const [major] = process.versions.node.split(".").map(Number);
if (major < 24) {
  console.error(
    `\nObmen needs Node 24 or newer, but this script runs on Node ${process.versions.node}.\n` +
      "Run `npm install` (without --ignore-scripts) so the pinned node@24 devDependency is installed,\n" +
      "then run the command again through npm (npm scripts use node_modules/.bin/node).\n",
  );
  process.exit(1);
}
