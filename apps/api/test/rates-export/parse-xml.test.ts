import { describe, expect, it } from "vitest";
import { childElements, parseXml, textOf } from "./parse-xml.ts";

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

// The export tests rely on this parser to catch malformed XML, so it must really reject it.
describe("the tests' strict XML parser", () => {
  it("reads a well-formed document with entities, attributes and comments", () => {
    const root = parseXml(
      `${DECLARATION}\n<!-- c -->\n<rates a="1" b='&amp;'>\n  <item><to>A&lt;B &#65;&#x42;</to><e/></item>\n</rates>\n`,
    );
    expect(root.name).toBe("rates");
    expect(root.attributes).toEqual({ a: "1", b: "&" });
    const [item] = childElements(root);
    const [to, empty] = childElements(item!);
    expect(textOf(to!)).toBe("A<B AB");
    expect(empty).toEqual({ name: "e", attributes: {}, children: [] });
  });

  it.each([
    ["no declaration", "<rates></rates>"],
    ["another encoding", '<?xml version="1.0" encoding="windows-1251"?><rates></rates>'],
    ["mismatched tags", `${DECLARATION}<rates><item></rates></item>`],
    ["an unclosed element", `${DECLARATION}<rates><item>`],
    ["a bare ampersand", `${DECLARATION}<rates>a & b</rates>`],
    ["an unknown entity", `${DECLARATION}<rates>&nbsp;</rates>`],
    ["a bare less-than", `${DECLARATION}<rates>a < b</rates>`],
    ["two roots", `${DECLARATION}<rates></rates><rates></rates>`],
    ["text after the root", `${DECLARATION}<rates></rates>x`],
    ["a duplicate attribute", `${DECLARATION}<rates a="1" a="2"></rates>`],
    ["an unquoted attribute", `${DECLARATION}<rates a=1></rates>`],
    ["CDATA", `${DECLARATION}<rates><![CDATA[x]]></rates>`],
    ["a double hyphen in a comment", `${DECLARATION}<!-- a -- b --><rates/>`],
  ])("rejects %s", (_name, source) => {
    expect(() => parseXml(source)).toThrow(SyntaxError);
  });

  it("refuses text mixed with elements and elements where text is expected", () => {
    const root = parseXml(`${DECLARATION}<rates>x<item/></rates>`);
    expect(() => childElements(root)).toThrow(SyntaxError);
    expect(() => textOf(parseXml(`${DECLARATION}<a><b/></a>`))).toThrow(SyntaxError);
  });
});
