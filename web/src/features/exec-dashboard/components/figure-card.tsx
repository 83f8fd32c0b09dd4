import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** One headline figure: what it is, the figure, and a line of context under it. */
export function FigureCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardDescription>{label}</CardDescription>
        <p className="text-2xl font-semibold tabular-nums break-words">{value}</p>
      </CardHeader>
      {note ? (
        <CardContent>
          <p className="text-muted-foreground text-xs">{note}</p>
        </CardContent>
      ) : null}
    </Card>
  );
}
