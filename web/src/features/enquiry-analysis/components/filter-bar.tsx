import type { ReactNode } from 'react';
import {
  ANALYSIS_FILE_FORMATS,
  CURRENCIES,
  type AnalysisFileFormat,
  type Currency,
} from '@bankmanager/contracts';
import { DownloadButtons } from '@/components/download-buttons';
import { Button } from '@/components/ui/button';
import type { Filters } from '../lib/filters';
import { ScopeFilters } from './scope-filters';

/**
 * The three analysis screens' one filter bar: the screen's own period fields (`children`), branch and
 * product, the currency shown (SLE and USD are never added together) and the files of exactly what the
 * screen shows. The files appear once there are figures to put in them.
 */
export function FilterBar({
  children,
  filters,
  onChange,
  product = true,
  currency,
  what,
  download,
}: {
  children: ReactNode;
  filters: Filters;
  onChange: (key: 'branch' | 'product', value: string | null) => void;
  /** Whether the screen filters by product (Branch Statistics does not). */
  product?: boolean;
  /** The currency toggle, on the screens that show one currency at a time. */
  currency?: { value: Currency; onChange: (c: Currency) => void };
  /** Names the files in the buttons' labels ("Download the snapshot as PDF"). */
  what: string;
  /** null until the screen has figures. */
  download: ((format: AnalysisFileFormat) => Promise<void>) | null;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        {children}
        <ScopeFilters filters={filters} onChange={onChange} product={product} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {currency ? (
          <div role="group" aria-label="Currency" className="flex gap-2">
            {CURRENCIES.map((c) => (
              <Button
                key={c}
                size="sm"
                variant={c === currency.value ? 'default' : 'outline'}
                aria-pressed={c === currency.value}
                onClick={() => currency.onChange(c)}
              >
                {c}
              </Button>
            ))}
          </div>
        ) : (
          <span />
        )}
        {download ? (
          <DownloadButtons what={what} download={download} formats={ANALYSIS_FILE_FORMATS} />
        ) : null}
      </div>
    </div>
  );
}
