import type { FastifyReply } from 'fastify';

/** The media type of each file a report route sends. */
export const DOWNLOAD_MEDIA = {
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type DownloadFormat = keyof typeof DOWNLOAD_MEDIA;

/**
 * Sends a report file as a download: saved under `filename`, and never kept by a browser or proxy cache
 * (reports name customers and money, and a cached copy would outlive the user's session and rights).
 */
export function sendDownload(reply: FastifyReply, format: DownloadFormat, filename: string, body: unknown) {
  void reply.header('cache-control', 'no-store');
  void reply.header('content-disposition', `attachment; filename="${filename}"`);
  return reply.type(DOWNLOAD_MEDIA[format]).send(body);
}
