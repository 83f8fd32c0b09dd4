import { useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { CalendarDays } from 'lucide-react';
import { addDays, parseDayFirstDate } from '@bankmanager/contracts/date-input';
import { formatDate } from '@bankmanager/contracts/format';
import { cn } from '@/lib/cn';
import { Input } from './input';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const shown = (value: string) => (ISO.test(value) ? formatDate(value) : value);

export interface DateFieldProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'type' | 'defaultValue'
> {
  /** ISO (YYYY-MM-DD), or '' for none; anything else is what was typed and is not a date. */
  value: string;
  /**
   * ISO as soon as the text is a whole, possible date; '' when emptied; otherwise the text itself, so
   * the form's schema (unchanged, ISO only) refuses it and names the field.
   */
  onChange: (value: string) => void;
  /** The calendar button's tooltip ("Pick From from a calendar"); defaults to the aria-label or "date". */
  label?: string;
}

/**
 * A date typed or picked day first whatever the browser's language ("27 Nov 2026", "27/11/2026"),
 * shown in the format policy's style; the value in and out is ISO. Up and Down move a day. The
 * calendar button opens the browser's own picker on a hidden native input, which only supplies the
 * value: it is never what people read. It takes `id` and the aria attributes of `Field` on its text box.
 */
export function DateField({
  value,
  onChange,
  label,
  className,
  min,
  max,
  disabled,
  ...props
}: DateFieldProps) {
  const [text, setText] = useState(shown(value));
  const [prev, setPrev] = useState(value);
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (reset, a link, the picker) shows in the policy's style; one the person is
  // typing stays as typed until they leave the field.
  if (value !== prev) {
    setPrev(value);
    if ((parseDayFirstDate(text) ?? text.trim()) !== value) setText(shown(value));
  }
  const type = (t: string) => {
    setText(t);
    onChange(t.trim() === '' ? '' : (parseDayFirstDate(t) ?? t));
  };
  const step = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    const from = parseDayFirstDate(text);
    if (!from) return;
    e.preventDefault();
    const next = addDays(from, e.key === 'ArrowUp' ? 1 : -1);
    setText(formatDate(next));
    onChange(next);
  };
  const name = label ?? props['aria-label'] ?? 'date';
  return (
    <div className={cn('relative flex w-full items-center', className)}>
      <Input
        {...props}
        type="text"
        inputMode="text"
        autoComplete="off"
        disabled={disabled}
        placeholder={props.placeholder ?? 'dd/mm/yyyy'}
        value={text}
        onChange={(e) => type(e.target.value)}
        onKeyDown={step}
        onBlur={(e) => {
          const parsed = parseDayFirstDate(text);
          if (parsed) setText(formatDate(parsed));
          props.onBlur?.(e);
        }}
        className="pr-10"
      />
      <button
        type="button"
        disabled={disabled}
        // Its name leaves out the field's label, so the label names one control only (the text box).
        aria-label="Open the calendar"
        title={`Pick ${name} from a calendar`}
        className="text-muted-foreground hover:text-foreground focus-visible:ring-ring absolute right-1 rounded p-1.5 focus-visible:ring-2 focus-visible:outline-none"
        onClick={() => {
          const el = picker.current;
          if (el && typeof el.showPicker === 'function') el.showPicker();
        }}
      >
        <CalendarDays aria-hidden className="size-4" />
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        className="pointer-events-none absolute right-0 bottom-0 h-0 w-0 opacity-0"
        value={ISO.test(value) ? value : ''}
        min={min}
        max={max}
        onChange={(e) => {
          setText(shown(e.target.value));
          onChange(e.target.value);
        }}
      />
    </div>
  );
}
