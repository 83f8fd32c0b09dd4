/** Axis labels in the theme's muted text colour (a class, so dark mode follows). */
export const tickLabel = { className: 'fill-muted-foreground', fontSize: 11 } as const;

const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 1,250,000 → "1.3M": axis ticks only; the table and the summary give exact figures. */
export const compact = (v: number): string => compactFormat.format(v);

/** A trend chart's height in pixels (its width follows the card). */
export const CHART_HEIGHT = 256;
