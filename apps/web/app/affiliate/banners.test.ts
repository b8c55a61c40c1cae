import { describe, expect, it } from "vitest";
import { BANNER_SIZES, bannerHtml, parseBannerFileName, renderBanner, wrap } from "./banners.ts";

const words = { name: "Obmen", slogan: "Обмен криптовалют <быстро> & надёжно", action: "Обменять" };

describe("partner banners", () => {
  it("draws each common size as SVG of exactly that size, with the words escaped", () => {
    expect(BANNER_SIZES.map((size) => `${size.width}x${size.height}`)).toEqual([
      "468x60",
      "728x90",
      "300x250",
      "240x400",
    ]);
    for (const size of BANNER_SIZES) {
      const svg = renderBanner(size, words);
      expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${size.width}" height="${size.height}"`));
      expect(svg).toContain("&lt;быстро&gt; &amp; надёжно");
      expect(svg).not.toContain("<быстро>");
      expect(svg).toContain("Обменять");
    }
  });

  it("reads only the file names it serves", () => {
    const locales = ["ru", "en", "uk"];
    expect(parseBannerFileName("468x60-uk.svg", locales)).toEqual({
      size: { width: 468, height: 60 },
      locale: "uk",
    });
    expect(parseBannerFileName("468x61-uk.svg", locales)).toBeNull();
    expect(parseBannerFileName("468x60-de.svg", locales)).toBeNull();
    expect(parseBannerFileName("../468x60-ru.svg", locales)).toBeNull();
  });

  it("gives HTML that links the banner to the channel's link", () => {
    const html = bannerHtml({
      origin: "https://obmen.test",
      size: BANNER_SIZES[0],
      locale: "en",
      refLink: "https://obmen.test/?rid=abc",
      alt: 'Obmen "fast"',
    });
    expect(html).toBe(
      '<a href="https://obmen.test/?rid=abc" target="_blank" rel="noopener"><img src="https://obmen.test/banners/468x60-en.svg" width="468" height="60" alt="Obmen &quot;fast&quot;"></a>',
    );
  });

  it("wraps a slogan at spaces", () => {
    expect(wrap("one two three four", 9)).toEqual(["one two", "three", "four"]);
  });
});
