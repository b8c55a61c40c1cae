import { FAQ_SECTIONS, type FaqItem, type FaqSection } from "@obmen/contracts";

export interface FaqGroup {
  section: FaqSection;
  items: FaqItem[];
}

/**
 * FAQ questions under their section, sections in the fixed order of FAQ_SECTIONS, questions
 * in the operator's order; a section without questions is left out rather than shown empty.
 */
export function groupFaq(items: FaqItem[]): FaqGroup[] {
  return FAQ_SECTIONS.map((section) => ({
    section,
    items: items.filter((item) => item.section === section),
  })).filter((group) => group.items.length > 0);
}
