import { useId, useState, type ReactNode } from 'react';
import { EXECUTIVE_DASHBOARD_TEXT as T } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CHART_HEIGHT } from './chart-theme';

/**
 * A chart with its words: the title, a one-sentence summary (read first by screen readers, and shown
 * to everyone), and a button that swaps the picture for a table of the same figures. The picture
 * itself is one image named by that summary, so a screen reader never walks its SVG shapes.
 */
export function ChartPanel({
  title,
  summary,
  chart,
  table,
  height = CHART_HEIGHT,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  /** The picture's height in pixels (its width follows the card). */
  height?: number;
}) {
  const [asTable, setAsTable] = useState(false);
  const summaryId = useId();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? T.showChart : T.showTable}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p id={summaryId} className="text-muted-foreground text-sm">
          {summary}
        </p>
        {asTable ? (
          table
        ) : (
          <div
            role="img"
            aria-label={title}
            aria-describedby={summaryId}
            className="w-full min-w-0"
            style={{ height }}
          >
            {chart}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
