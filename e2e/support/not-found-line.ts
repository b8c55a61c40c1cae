/**
 * The line a 404 page shows under its title: the spec's `Page Not Found: {path}` in English,
 * the same in the page's own language on ru and uk pages (issue 26 point 6).
 */
export function notFoundLine(path: string): string {
  if (/^\/en(\/|$)/.test(path)) return `Page Not Found: ${path}`;
  if (/^\/uk(\/|$)/.test(path)) return `Немає сторінки за адресою ${path}`;
  return `Нет страницы по адресу ${path}`;
}
