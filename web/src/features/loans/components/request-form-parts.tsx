import { Button } from '@/components/ui/button';

/** A reason box, styled like the inputs. */
export const TEXTAREA =
  'border-input bg-background focus-visible:ring-ring min-h-16 rounded-md border px-3 py-2 text-sm focus-visible:ring-2 focus-visible:outline-none';

/** A four-eyes request form's buttons: ask (busy while sending) and close. */
export function RequestActions({
  label,
  pending,
  onClose,
}: {
  label: string;
  pending: boolean;
  onClose: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={pending}>
        {pending ? 'Sending…' : label}
      </Button>
      <Button type="button" variant="outline" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
