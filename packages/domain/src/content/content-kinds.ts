/**
 * What the site's editable texts are (spec §1: news, blog, FAQ, rules, agreement, contact,
 * about): one list shared by the database's checks and the API's shapes.
 */
export const CONTENT_KINDS = ["page", "news", "blog", "faq"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Stable FAQ group keys; each interface translates the headings itself. */
export const FAQ_SECTIONS = ["exchange", "payment", "security", "account", "partner"] as const;
export type FaqSection = (typeof FAQ_SECTIONS)[number];
