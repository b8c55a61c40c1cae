// The captcha widget as the site's Content-Security-Policy allows it (decision 033): ALTCHA's
// "external" build injects no inline <style> (its stylesheet comes as a file) and spawns no
// worker from a blob: URL; its proof-of-work worker is our own file, registered here for the
// one algorithm the API's challenges use (apps/api/src/account/captcha/captcha.ts).
import "altcha/external";
import "altcha/altcha.css";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";

$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
