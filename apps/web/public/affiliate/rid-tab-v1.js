// The browser's half of spec §4's referral rule (apps/web/app/affiliate/rid-cookies.ts): the
// page after an arrival by a different partner's link stores the name in session storage and
// clears the one-shot marker cookie; in a tab holding the name, every form's data carries
// rid_tab=1, so the server reads the secondary referral cookie first. Loaded only for a visitor
// who holds a secondary cookie. A file, not an inline script: the pages' CSP allows 'self'.
(() => {
  try {
    const store = sessionStorage;
    const key = "obmen.rid_secondary";
    if (/(?:^|;\s*)rid_arrived=1(?:;|$)/.test(document.cookie)) {
      store.setItem(key, "1");
      // A one-line cookie of our own, in every browser (the Cookie Store API is not).
      // biome-ignore lint/suspicious/noDocumentCookie: see above.
      document.cookie = "rid_arrived=; Path=/; Max-Age=0; SameSite=Lax";
    }
    // Fired for a plain submit and for the router's `new FormData(form)` alike.
    document.addEventListener(
      "formdata",
      (event) => {
        if (store.getItem(key)) event.formData.set("rid_tab", "1");
      },
      true,
    );
  } catch {
    // No session storage (a locked-down browser): the first partner keeps the visitor.
  }
})();
