/**
 * A multipart/form-data body as a browser sends a document upload: text fields first, then one file.
 * Built by hand so a test controls every byte (the claimed type, the name, the order of parts).
 */
export function multipartBody(
  fields: Record<string, string>,
  file: { bytes: Buffer; type: string; name?: string },
) {
  const b = '----bmtest';
  const body = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${b}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${b}\r\ncontent-disposition: form-data; name="file"; filename="${file.name ?? 'f'}"\r\ncontent-type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}
