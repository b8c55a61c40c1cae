/**
 * The partners' banners (issue 18 point 5; spec §2 `/account/affiliatepromotion`): SVG drawn
 * by the project from the catalog's words, in the common IAB sizes, served at
 * `/banners/{width}x{height}-{locale}.svg` for a partner's site to embed. Text is escaped;
 * sizes and the layout are ours, so no visitor input reaches the drawing.
 */

export const BANNER_SIZES = [
  { width: 468, height: 60 },
  { width: 728, height: 90 },
  { width: 300, height: 250 },
  { width: 240, height: 400 },
] as const;
export type BannerSize = (typeof BANNER_SIZES)[number];

export interface BannerWords {
  /** The site's name (`Site.Name`). */
  name: string;
  /** One line on what the site does. */
  slogan: string;
  /** The button's word. */
  action: string;
}

const BLUE = "#1a56db";
const DARK = "#0f2f7a";

export function bannerFileName(size: BannerSize, locale: string): string {
  return `${size.width}x${size.height}-${locale}.svg`;
}

/** Reads `468x60-ru.svg` back into a size and a locale, or null for any other name. */
export function parseBannerFileName(
  file: string,
  locales: readonly string[],
): { size: BannerSize; locale: string } | null {
  const match = /^(\d{2,4})x(\d{2,4})-([a-z]{2})\.svg$/.exec(file);
  if (!match) return null;
  const size = BANNER_SIZES.find(
    (entry) => entry.width === Number(match[1]) && entry.height === Number(match[2]),
  );
  const locale = match[3]!;
  if (!size || !locales.includes(locale)) return null;
  return { size, locale };
}

export function renderBanner(size: BannerSize, words: BannerWords): string {
  const { width, height } = size;
  const wide = width / height > 3;
  const body = wide ? wideLayout(size, words) : tallLayout(size, words);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"><title>${escapeXml(`${words.name}: ${words.slogan}`)}</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BLUE}"/><stop offset="1" stop-color="${DARK}"/></linearGradient></defs><rect width="${width}" height="${height}" rx="6" fill="url(#g)"/>${body}</svg>`;
}

/** The site's mark (the favicon's arrows), `s` pixels square at x, y. */
function mark(x: number, y: number, s: number): string {
  const k = s / 32;
  return `<g transform="translate(${x} ${y}) scale(${k.toFixed(3)})"><rect width="32" height="32" rx="8" fill="#fff"/><path d="M9 12h13l-4-4M23 20H10l4 4" fill="none" stroke="${BLUE}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

function text(x: number, y: number, size: number, value: string, extra = ""): string {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="#fff"${extra}>${escapeXml(value)}</text>`;
}

function button(cx: number, cy: number, w: number, h: number, label: string): string {
  const size = Math.round(h * 0.45);
  return `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${h / 2}" fill="#fbbf24"/><text x="${cx}" y="${cy + size * 0.35}" font-size="${size}" font-weight="700" fill="${DARK}" text-anchor="middle">${escapeXml(label)}</text>`;
}

/** 468×60, 728×90: mark and name, the slogan, the button at the right. */
function wideLayout({ width, height }: BannerSize, words: BannerWords): string {
  const s = Math.round(height * 0.55);
  const pad = Math.round(height * 0.2);
  const nameSize = Math.round(height * 0.3);
  const sloganSize = Math.round(height * 0.22);
  const buttonW = Math.round(width * 0.2);
  const buttonH = Math.round(height * 0.5);
  const textX = pad + s + pad * 0.6;
  const sloganWidth = width - textX - buttonW - pad * 2;
  return [
    mark(pad, (height - s) / 2, s),
    text(textX, height * 0.45, nameSize, words.name, ' font-weight="700"'),
    text(
      textX,
      height * 0.8,
      sloganSize,
      words.slogan,
      fitted(words.slogan, sloganSize, sloganWidth),
    ),
    button(width - pad - buttonW / 2, height / 2, buttonW, buttonH, words.action),
  ].join("");
}

/**
 * 300×250, 240×400: mark and name on top, the slogan in lines, the button below. The slogan's
 * size steps down until its lines fit between the name and the button (Russian runs longest).
 */
function tallLayout({ width, height }: BannerSize, words: BannerWords): string {
  const s = Math.round(Math.min(width, height) * 0.2);
  const nameSize = Math.round(width * 0.1);
  const top = height * (height > width ? 0.14 : 0.08);
  const nameBaseline = top + s + nameSize * 1.3;
  const buttonH = Math.round(width * 0.16);
  const buttonY = height - height * 0.12 - buttonH / 2;
  const buttonTop = buttonY - buttonH / 2;
  let sloganSize = Math.round(width * 0.075);
  let lines = wrap(words.slogan, Math.floor((width * 0.84) / (sloganSize * 0.55)));
  const room = () => buttonTop - (nameBaseline + sloganSize * 0.6) - sloganSize * 0.5;
  while (sloganSize > 10 && lines.length * sloganSize * 1.3 > room()) {
    sloganSize -= 1;
    lines = wrap(words.slogan, Math.floor((width * 0.84) / (sloganSize * 0.55)));
  }
  const lineGap = sloganSize * 1.3;
  const sloganTop = nameBaseline + sloganSize * 0.6 + lineGap * 0.8;
  return [
    mark((width - s) / 2, top, s),
    text(width / 2, nameBaseline, nameSize, words.name, ' font-weight="700" text-anchor="middle"'),
    ...lines.map((line, index) =>
      text(width / 2, sloganTop + index * lineGap, sloganSize, line, ' text-anchor="middle"'),
    ),
    button(width / 2, buttonY, width * 0.7, buttonH, words.action),
  ].join("");
}

/** Squeezes a line that could overflow its width (a long translation) instead of clipping it. */
function fitted(value: string, size: number, width: number): string {
  return value.length * size * 0.55 > width
    ? ` textLength="${Math.round(width)}" lengthAdjust="spacingAndGlyphs"`
    : "";
}

/** Breaks text into lines of at most `max` characters at spaces. */
export function wrap(value: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function escapeXml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** The HTML a partner pastes: the banner as an image, linked with the channel's rid. */
export function bannerHtml(options: {
  origin: string;
  size: BannerSize;
  locale: string;
  refLink: string;
  alt: string;
}): string {
  const { size } = options;
  const src = `${options.origin}/banners/${bannerFileName(size, options.locale)}`;
  return `<a href="${escapeXml(options.refLink)}" target="_blank" rel="noopener"><img src="${escapeXml(src)}" width="${size.width}" height="${size.height}" alt="${escapeXml(options.alt)}"></a>`;
}
