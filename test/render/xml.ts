/**
 * A small XML reader for the renderer's tests: it refuses what is not well-formed (unclosed
 * or crossed tags, unquoted or repeated attributes, a bare `&` or `<`) and answers the element
 * tree, so a test can count and inspect what was drawn. The renderer writes a small subset of
 * XML (no comments, CDATA, doctype or processing instructions), which is all this accepts;
 * that strictness is the point, and it spares the project an XML parser dependency.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ATTR = /\s+([A-Za-z_][\w.:-]*)="([^"<]*)"/y;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g;

function checkText(text: string, where: string): void {
  if (text.replace(ENTITY, '').includes('&')) throw new Error(`bare & in ${where}`);
  if (text.includes('>') && where === 'attribute') throw new Error('> in attribute');
}

export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    checkText(text, 'text');
    if (text.includes('>')) throw new Error(`stray > near ${i}`);
    if (text.trim() !== '') {
      if (stack.length === 1) throw new Error('text outside the root element');
      stack[stack.length - 1].text += text;
    }
    if (lt < 0) break;
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new Error(`unclosed tag at ${lt}`);
    const tag = xml.slice(lt + 1, gt);
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      if (!open || open === root || open.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
    } else {
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const nameEnd = body.search(/\s|$/);
      const name = body.slice(0, nameEnd);
      if (!NAME.test(name)) throw new Error(`bad element name ${JSON.stringify(name)}`);
      const attrs: Record<string, string> = {};
      let at = nameEnd;
      ATTR.lastIndex = at;
      for (let m = ATTR.exec(body); m; m = ATTR.exec(body)) {
        if (m[1] in attrs) throw new Error(`repeated attribute ${m[1]} on <${name}>`);
        checkText(m[2], 'attribute');
        attrs[m[1]] = m[2]!;
        at = ATTR.lastIndex;
      }
      if (body.slice(at).trim() !== '') throw new Error(`malformed attributes on <${name}>: ${body.slice(at)}`);
      const element: XmlElement = { name, attrs, children: [], text: '' };
      const parent = stack[stack.length - 1];
      if (parent === root && root.children.length > 0) throw new Error('more than one root element');
      parent.children.push(element);
      if (!selfClosing) stack.push(element);
    }
    i = gt + 1;
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1].name}> is never closed`);
  if (root.children.length !== 1) throw new Error('no root element');
  return root.children[0];
}

/** Every element below (and including) `e`, depth first, in document order. */
export function descendants(e: XmlElement): XmlElement[] {
  return [e, ...e.children.flatMap(descendants)];
}

export const hasClass = (e: XmlElement, c: string) => (e.attrs.class ?? '').split(/\s+/).includes(c);
export const byClass = (e: XmlElement, c: string) => descendants(e).filter((d) => hasClass(d, c));
