import { Button } from '@/components/ui/button';

/** Previous and next year around the one shown. */
export function YearPicker({ year, onYear }: { year: number; onYear: (y: number) => void }) {
  return (
    <div className="flex items-center gap-2" role="group" aria-label="Year">
      <Button variant="outline" size="sm" onClick={() => onYear(year - 1)} aria-label={`Show ${year - 1}`}>
        ‹ {year - 1}
      </Button>
      <span className="min-w-12 text-center font-semibold tabular-nums" aria-live="polite">
        {year}
      </span>
      <Button variant="outline" size="sm" onClick={() => onYear(year + 1)} aria-label={`Show ${year + 1}`}>
        {year + 1} ›
      </Button>
    </div>
  );
}
