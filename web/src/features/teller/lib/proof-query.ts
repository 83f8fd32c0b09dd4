import { proofFileName } from '@bankmanager/contracts';
import { apiDownload } from '@/lib/api-client';

export type ProofScreen = 'report' | 'daily-diff' | 'branch-diff';
export type ProofParams = Record<string, string | undefined>;

/** The query string of a proof report: its filters (empty ones left out) and the format. */
export function proofQuery(p: ProofParams, format: 'json' | 'csv' | 'pdf'): string {
  const q = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(p)) if (v) q.set(k, v);
  return q.toString();
}

/** GET /api/teller/proof/<screen> as CSV or PDF, named by the report and its filters. */
export function downloadProof(screen: ProofScreen, p: ProofParams, format: 'csv' | 'pdf'): Promise<void> {
  const what = Object.values(p).filter(Boolean).join('-') || 'today';
  return apiDownload(
    `/teller/proof/${screen}?${proofQuery(p, format)}`,
    proofFileName(screen === 'report' ? 'proof' : screen, what, format),
  );
}
