/**
 * A small XML writer: elements with text or children, nothing else (goAML uses no attributes but the
 * root's schema location and no mixed content). Text is escaped and characters XML 1.0 cannot carry
 * (controls other than tab and newlines, lone surrogates, U+FFFE/FFFF) are dropped, so a customer's
 * hostile name or narrative can neither break nor extend the document.
 */
export type XmlNode = { name: string; text: string } | { name: string; children: XmlNode[] };

const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the point is to match the control characters XML refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(s: string): string {
  return s
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;');
}

export const text = (name: string, value: string): XmlNode => ({ name, text: value });
export const el = (name: string, children: (XmlNode | null | undefined)[]): XmlNode => ({
  name,
  children: children.filter((c): c is XmlNode => c != null),
});
/** An optional element: absent rather than empty when there is nothing to say. */
export const opt = (name: string, value: string | null | undefined): XmlNode | null =>
  value == null || value.trim() === '' ? null : text(name, value);

function write(node: XmlNode, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  if ('text' in node) {
    out.push(`${pad}<${node.name}>${escapeXml(node.text)}</${node.name}>`);
    return;
  }
  out.push(`${pad}<${node.name}>`);
  for (const c of node.children) write(c, depth + 1, out);
  out.push(`${pad}</${node.name}>`);
}

/** The document: declaration, one comment naming the schema version, the root element. */
export function serialize(root: XmlNode, comment: string): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<!-- ${comment.replace(/--/g, '- -')} -->`];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
}
