import { describe, expect, it } from "vitest";
import { AUTH_LINKS } from "../routing/auth-links.ts";
import { AUTH_LINK_PARAMS, hasParam } from "./modal-gate.tsx";

describe("the modal gate (spec §2)", () => {
  it("knows every e-mailed link's parameter by name", () => {
    expect([...AUTH_LINK_PARAMS].sort()).toEqual(
      Object.values(AUTH_LINKS)
        .map((link) => link.param)
        .sort(),
    );
  });

  it("opens for a parameter present with any value, and not for a look-alike", () => {
    expect(hasParam("?modal=login&next=/account", ["modal"])).toBe(true);
    expect(hasParam("?reset_token", AUTH_LINK_PARAMS)).toBe(true);
    expect(hasParam("?modals=login&token=1", ["modal", ...AUTH_LINK_PARAMS])).toBe(false);
    expect(hasParam("", ["modal"])).toBe(false);
  });
});
