/**
 * A session's browser as a person recognises it (`Chrome · Android`), from the User-Agent the
 * session was opened with. A rough reading on purpose: enough to tell one's phone from one's
 * laptop, not a device database. Null when nothing is recognised.
 */
export function describeUserAgent(agent: string | null): string | null {
  if (!agent) return null;
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /OPR\//.test(agent)
      ? "Opera"
      : /YaBrowser\//.test(agent)
        ? "Yandex Browser"
        : /Firefox\//.test(agent)
          ? "Firefox"
          : /Chrom(e|ium)\//.test(agent)
            ? "Chrome"
            : /Safari\//.test(agent)
              ? "Safari"
              : null;
  const system = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(agent)
      ? "iOS"
      : /Windows/.test(agent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : null;
  const parts = [browser, system].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}
