// @vitest-environment happy-dom
import type { AdminDashboard, OrderStatus } from "@obmen/contracts";
import { ORDER_STATUSES } from "@obmen/domain";
import { act, StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n.tsx";
import { consoleRoutes } from "../routes.tsx";
import { RouteError } from "./route-error.tsx";

// Issue 26 point 1: the dashboard was a white page once a profit had 40 places. A screen's bad
// value is now rounded, and a screen that fails anyway shows its error boundary (the message
// and a retry) inside the console, never a blank page.

const ADMIN = {
  id: "7a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
  email: "admin@example.com",
  role: "admin",
  totp_enabled: false,
  totp_enrolment_required: false,
};
const BTC = { id: 1, currency_code: "BTC", pay_system: "Bitcoin", decimals: 8 };
const RUB = { id: 2, currency_code: "RUB", pay_system: "Sberbank", decimals: 2 };

function dashboard(profit: string): AdminDashboard {
  return {
    period: "today",
    from: "2026-11-25T00:00:00.000Z",
    to: "2026-11-25T12:00:00.000Z",
    bucket: "hour",
    by_status: Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
      OrderStatus,
      number
    >,
    directions: [
      {
        send_currency: RUB,
        receive_currency: BTC,
        completed: 1,
        send_volume: "20000",
        receive_volume: "0.00259",
        profit,
      },
    ],
    series: [{ at: "2026-11-25T00:00:00.000Z", created: 1, completed: 1 }],
    low_reserves: [],
  };
}

/** What the stubbed API answers the dashboard with (its other calls: the signed-in admin). */
let dashboardAnswer: unknown;

beforeAll(() => {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const data = path === "/admin/api/me" ? { operator: ADMIN } : dashboardAnswer;
    return new Response(JSON.stringify({ data }), {
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

async function render(routes: RouteObject[], path: string): Promise<HTMLElement> {
  const container = document.createElement("div");
  document.body.append(container);
  const router = createMemoryRouter(routes, { initialEntries: [path], basename: "/admin" });
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <StrictMode>
        <I18nProvider start="ru">
          <RouterProvider router={router} />
        </I18nProvider>
      </StrictMode>,
    ),
  );
  return container;
}

/** Waits (a few seconds at most) until `check` passes. */
async function until(check: () => void): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      check();
      return;
    } catch (error) {
      if (attempt > 100) throw error;
      await act(() => new Promise((done) => setTimeout(done, 30)));
    }
  }
}

/** A screen that fails while drawing, as the dashboard did on a 40-place profit. */
function Broken(): never {
  throw new RangeError('Not a plain decimal string: "1e999"');
}

describe("a console screen", () => {
  it("writes a profit of 40 places rounded to the currency's own, instead of failing", async () => {
    dashboardAnswer = dashboard("0.0000623210168625447112927950945324476239");
    const page = await render(consoleRoutes, "/admin/dashboard");
    await until(() => expect(page.querySelector("h1")?.textContent).toBe("Сводка"));
    expect(page.querySelector(".table-scroll tbody td:last-child")?.textContent).toBe(
      "0,00006232\u00a0BTC",
    );
  });

  it("whose answer the schema refuses shows the boundary with a retry, in the console", async () => {
    dashboardAnswer = { ...dashboard("1"), directions: "not a list" };
    const page = await render(consoleRoutes, "/admin/dashboard");
    await until(() =>
      expect(page.querySelector("[role=alert]")?.textContent).toContain(
        "Этот раздел не удалось показать.",
      ),
    );
    // The header and the menu stay: the operator can go elsewhere.
    expect(page.querySelector("nav")?.textContent).toContain("Заявки");

    dashboardAnswer = dashboard("12.5");
    const retry = [...page.querySelectorAll("button")].find((b) => b.textContent === "Повторить");
    await act(async () => retry!.click());
    await until(() => expect(page.querySelector("h1")?.textContent).toBe("Сводка"));
    expect(page.querySelector("[role=alert]")).toBeNull();
  });

  it("that throws while drawing shows the boundary with the message, not a white page", async () => {
    const page = await render(
      [{ path: "/", Component: Broken, ErrorBoundary: RouteError }],
      "/admin",
    );
    await until(() => expect(page.querySelector("[role=alert]")).not.toBeNull());
    const alert = page.querySelector("[role=alert]")!;
    expect(alert.textContent).toContain("Этот раздел не удалось показать.");
    expect(alert.textContent).toContain('Not a plain decimal string: "1e999"');
    expect([...alert.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Повторить"]);
  });
});
