import { Outlet, useMatches } from "react-router";
import { SelectView } from "../calculator/select-view.tsx";
import { usePairCatalogue } from "../catalogue/use-pair-catalogue.ts";
import "../calculator/select-view.css";

/** What `/BTC`'s loader says (pair-shortcut.tsx); home has no loader, so nothing is chosen. */
interface SelectPageData {
  send: string | null;
  notOpen: boolean;
}

/**
 * The select view's lists for its two pages, home (nothing chosen) and `/BTC`
 * (pair-shortcut.tsx), each of which draws its own heading above them. Choosing what to send
 * moves from one page to the other, or between two `/{code}` pages; the lists live here so that
 * they stay mounted across that move: a search typed into the receive list while the next
 * page loads keeps its text and focus, where a page of its own would mount a fresh, empty box.
 */
export default function SelectLayout() {
  const catalogue = usePairCatalogue();
  const data = useMatches().at(-1)?.loaderData as SelectPageData | undefined;
  return (
    <>
      <Outlet />
      {/* A site with no pair yet: `/BTC` says so itself (NotOpenPage), without the lists. */}
      {!data?.notOpen && <SelectView catalogue={catalogue} send={data?.send ?? null} />}
    </>
  );
}
