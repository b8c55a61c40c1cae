/**
 * A small strict XML parser for the export tests (no package needed): a character scanner,
 * not regular expressions, that throws on anything a conforming parser would reject for the
 * documents we produce — a missing or wrong declaration, mismatched or unclosed tags, a bare
 * `&` or `<` in text, unknown entities, duplicate attributes, text or a second element
 * outside the root. CDATA, DOCTYPE and processing instructions are refused outright: the export
 * never needs them, so meeting one is a defect too.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function parseXml(source: string): XmlElement {
  let at = 0;
  const fail = (message: string): never => {
    throw new SyntaxError(
      `${message} at offset ${at}: ${JSON.stringify(source.slice(at, at + 20))}`,
    );
  };
  const isSpace = (char: string | undefined) =>
    char === " " || char === "\n" || char === "\t" || char === "\r";
  const isNameStart = (char: string | undefined) =>
    char !== undefined &&
    ((char >= "a" && char <= "z") || (char >= "A" && char <= "Z") || char === "_" || char === ":");
  const isNameChar = (char: string | undefined) =>
    isNameStart(char) ||
    (char !== undefined && ((char >= "0" && char <= "9") || char === "-" || char === "."));

  const skipSpace = () => {
    while (isSpace(source[at])) at++;
  };
  const expect = (text: string) => {
    if (!source.startsWith(text, at)) fail(`expected ${JSON.stringify(text)}`);
    at += text.length;
  };
  const readName = () => {
    if (!isNameStart(source[at])) fail("expected a name");
    const start = at;
    while (isNameChar(source[at])) at++;
    return source.slice(start, at);
  };
  const readReference = () => {
    expect("&");
    const end = source.indexOf(";", at);
    if (end < 0 || end - at > 10) fail("unterminated entity reference");
    const name = source.slice(at, end);
    let value: string | undefined = ENTITIES[name];
    if (name.startsWith("#x") && name.length > 2 && [...name.slice(2)].every(isHexDigit)) {
      value = String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    } else if (name.startsWith("#") && name.length > 1 && [...name.slice(1)].every(isDigit)) {
      value = String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    }
    if (value === undefined) fail(`unknown entity &${name};`);
    at = end + 1;
    return value as string;
  };
  const readComment = () => {
    expect("<!--");
    const end = source.indexOf("--", at);
    if (end < 0 || source[end + 2] !== ">") fail("malformed comment");
    at = end + 3;
  };
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (source.startsWith("<!--", at)) readComment();
      else return;
    }
  };
  const readAttributeValue = () => {
    const quote = source[at];
    if (quote !== '"' && quote !== "'") fail("expected a quoted attribute value");
    at++;
    let value = "";
    while (source[at] !== quote) {
      const char = source[at];
      if (char === undefined || char === "<") fail("bad attribute value");
      if (char === "&") value += readReference();
      else {
        value += char;
        at++;
      }
    }
    at++;
    return value;
  };

  const readElement = (): XmlElement => {
    expect("<");
    const name = readName();
    const attributes: Record<string, string> = {};
    for (;;) {
      const hadSpace = isSpace(source[at]);
      skipSpace();
      if (source.startsWith("/>", at)) {
        at += 2;
        return { name, attributes, children: [] };
      }
      if (source[at] === ">") {
        at++;
        break;
      }
      if (!hadSpace) fail("expected whitespace before an attribute");
      const attribute = readName();
      if (attribute in attributes) fail(`duplicate attribute ${attribute}`);
      skipSpace();
      expect("=");
      skipSpace();
      attributes[attribute] = readAttributeValue();
    }
    const children: (XmlElement | string)[] = [];
    let text = "";
    const flushText = () => {
      if (text) children.push(text);
      text = "";
    };
    for (;;) {
      const char = source[at];
      if (char === undefined) fail(`unclosed <${name}>`);
      if (source.startsWith("</", at)) {
        at += 2;
        const closing = readName();
        if (closing !== name) fail(`</${closing}> closes <${name}>`);
        skipSpace();
        expect(">");
        flushText();
        return { name, attributes, children };
      }
      if (source.startsWith("<!--", at)) readComment();
      else if (source.startsWith("<!", at) || source.startsWith("<?", at)) {
        fail("CDATA, DOCTYPE and processing instructions are not expected");
      } else if (char === "<") {
        flushText();
        children.push(readElement());
      } else if (char === "&") text += readReference();
      else if (source.startsWith("]]>", at)) fail("']]>' in text");
      else {
        text += char;
        at++;
      }
    }
  };

  expect(DECLARATION);
  skipMisc();
  if (source[at] !== "<") fail("expected the root element");
  const root = readElement();
  skipMisc();
  if (at !== source.length) fail("content after the root element");
  return root;
}

/** The element children, failing on any non-whitespace text between them. */
export function childElements(element: XmlElement): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child !== "string") elements.push(child);
    else if (child.trim() !== "") {
      throw new SyntaxError(`<${element.name}> mixes text ${JSON.stringify(child)} with elements`);
    }
  }
  return elements;
}

/** The text of a leaf element, failing if it has element children. */
export function textOf(element: XmlElement): string {
  let text = "";
  for (const child of element.children) {
    if (typeof child !== "string") throw new SyntaxError(`<${element.name}> is not a leaf`);
    text += child;
  }
  return text;
}

function isDigit(char: string) {
  return char >= "0" && char <= "9";
}

function isHexDigit(char: string) {
  return isDigit(char) || (char >= "a" && char <= "f") || (char >= "A" && char <= "F");
}
