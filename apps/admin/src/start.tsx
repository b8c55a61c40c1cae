import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { I18nProvider } from "./i18n.tsx";
import { consoleRoutes } from "./routes.tsx";
import "./styles/base.css";
import "./styles/forms.css";
import "./styles/cards.css";
import "./styles/orders.css";
import "./styles/rows.css";

// The server answers index.html for every path under /admin (decision 030).
const router = createBrowserRouter(consoleRoutes, { basename: "/admin" });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
);
