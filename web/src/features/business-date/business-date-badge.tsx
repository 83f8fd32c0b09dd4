import { formatLongDate } from '@bankmanager/contracts';
import { useBusinessDate } from '@/lib/business-date';

/**
 * The header's business date. Staff post, value and report on it, and after end of day it differs
 * from the calendar date, so it must be in view on every screen, not only in the ledger.
 */
export function BusinessDateBadge({
  enabled,
  inDrawer = false,
}: {
  enabled: boolean;
  /** In the phone's menu drawer it is always shown (the header has no room for it there). */
  inDrawer?: boolean;
}) {
  const { data } = useBusinessDate(enabled);
  if (!enabled || !data) return null;
  const note = data.follows_calendar
    ? 'Follows the calendar date until end of day sets one'
    : 'Set by end of day';
  return (
    <span
      className={
        inDrawer
          ? 'text-muted-foreground text-sm'
          : 'text-muted-foreground hidden text-sm whitespace-nowrap lg:inline'
      }
      title={note}
      data-testid={inDrawer ? 'business-date-drawer' : 'business-date'}
    >
      Business date <time dateTime={data.business_date}>{formatLongDate(data.business_date)}</time>
    </span>
  );
}
