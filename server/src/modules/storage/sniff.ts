import { fileTypeFromBuffer } from 'file-type';
import { mimeRefused } from './errors.ts';

/** Types whose bytes have a signature: a claim of one of them that the bytes do not bear is a lie. */
const SIGNED_TYPES = /^(image\/(png|jpeg|gif|webp|bmp|tiff|avif|heic)|application\/(pdf|zip|gzip))$/;
/** Text the browser could run as a document, recognised by its opening (after a BOM and blanks). */
const MARKUP: [RegExp, string][] = [
  [/^<\?xml[^>]*>\s*(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i, 'image/svg+xml'],
  [/^<svg[\s>]/i, 'image/svg+xml'],
  [/^(<!--[\s\S]*?-->\s*)*<(!doctype html|html|head|body|script|iframe|div|p|a|img)[\s>]/i, 'text/html'],
  [/^<\?xml/i, 'application/xml'],
];

function claimedBase(claimed: string | undefined): string | undefined {
  const base = claimed?.split(';')[0]?.trim().toLowerCase();
  return base && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(base) ? base : undefined;
}

/**
 * The type the bytes are, from their first bytes (`file-type`), never the client's word alone:
 * binary signatures win; markup (HTML, SVG, XML) is recognised as such; other text keeps a claimed
 * `text/*` or JSON type; anything else is `application/octet-stream`. A claimed signed type (PNG,
 * PDF…) whose signature is absent is refused as spoofing.
 */
export async function sniffMimeType(head: Buffer, claimed: string | undefined): Promise<string> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  const base = claimedBase(claimed);
  const text = head
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trimStart();
  for (const [pattern, type] of MARKUP) if (pattern.test(text)) return type;
  if (base && SIGNED_TYPES.test(base)) throw mimeRefused(`${base} (the content does not match)`);
  if (base && (base.startsWith('text/') || base === 'application/json') && base !== 'text/html') return base;
  return 'application/octet-stream';
}

/**
 * Whether `type` is in a bucket's allowed list (null or empty: anything). `image/*` covers every image
 * type except SVG, which can carry script: it must be listed by name.
 */
export function mimeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase().trim();
    if (p === type) return true;
    if (p === '*/*' || p === '*') return type !== 'image/svg+xml' && type !== 'text/html';
    if (p.endsWith('/*')) return type.startsWith(p.slice(0, -1)) && type !== 'image/svg+xml';
    return false;
  });
}

/** Served inline only when a browser shows it without running anything: raster images and PDF. */
export function servedInline(type: string): boolean {
  return (type.startsWith('image/') && type !== 'image/svg+xml') || type === 'application/pdf';
}
