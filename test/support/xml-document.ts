// An XML document read by jsdom's DOMParser (a real, strict XML parser: anything not well-formed comes back as a
// parsererror), typed here by the little the tests use, since the Node tests' TypeScript has no DOM library and
// jsdom ships no types of its own.
import { createRequire } from 'node:module';

export interface XmlElement {
  readonly tagName: string;
  readonly parentElement: XmlElement | null;
  readonly children: ArrayLike<XmlElement>;
  getAttribute(name: string): string | null;
  querySelector(selector: string): XmlElement | null;
  querySelectorAll(selector: string): ArrayLike<XmlElement>;
}

export interface XmlDocument {
  readonly documentElement: XmlElement;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
  getElementById(id: string): XmlElement | null;
  querySelector(selector: string): XmlElement | null;
  querySelectorAll(selector: string): ArrayLike<XmlElement>;
}

interface Jsdom {
  JSDOM: new (html: string) => {
    window: { DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument } };
  };
}

const { JSDOM } = createRequire(import.meta.url)('jsdom') as Jsdom;

/** The document, or a throw naming the parser's complaint when the text is not well-formed XML. */
export function parseXml(text: string): XmlDocument {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.querySelector('*')?.tagName ?? 'parsererror'}`);
  return doc;
}

/** Elements as an array (the Node tests' lib has no DOM iterables). */
export const all = (list: ArrayLike<XmlElement>): XmlElement[] => Array.from(list);
