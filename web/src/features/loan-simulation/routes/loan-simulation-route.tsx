import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Printer } from 'lucide-react';
import {
  buildSchedule,
  formatAmount,
  formatDateTime,
  loanSimulationFormSchema,
  PERIODS_PER_YEAR,
  simulationInput,
  type LoanSimulationForm,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { useBusinessDate } from '@/lib/business-date';
import { useLoanHolidays, type HolidaySource } from '../api/get-holidays';
import { LoanTermsForm } from '../components/loan-terms-form';
import { ScheduleSummary } from '../components/schedule-summary';
import { ScheduleTable } from '@/components/lending/schedule-table';

const DEFAULTS: LoanSimulationForm = {
  amount: '',
  term: '12',
  method: 'emi',
  rate: '',
  frequency: 'monthly',
  firstDueDate: '',
};

const HOLIDAY_NOTE: Record<HolidaySource, string> = {
  calendar:
    'Due dates on a weekend or a bank holiday (System → Special Dates) move to the next business day.',
  loading: 'Reading the bank’s holidays… due dates skip weekends meanwhile.',
  'weekends-only':
    'Due dates skip weekends only: the bank’s holiday calendar could not be read with your access, so a date may still fall on a holiday.',
};

/** The calendar years a loan's dates can reach: from disbursement to a year past its term. */
function yearsOf(
  disbursementDate: string,
  term: string,
  frequency: LoanSimulationForm['frequency'],
): number[] {
  const first = Number(disbursementDate.slice(0, 4));
  const span = Math.ceil((Number(term) || 0) / PERIODS_PER_YEAR[frequency]) + 1;
  return Array.from({ length: span + 1 }, (_, k) => first + k).filter((y) => y >= 2000 && y <= 2100);
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Account → Loan → Loan Simulation: the schedule of a loan as its terms are typed, by the contracts'
 * engine (ADR 0038), so it is the schedule a booked loan will have. Nothing is saved.
 */
export function LoanSimulationRoute() {
  const business = useBusinessDate();
  const disbursementDate = business.data?.business_date ?? today();
  const form = useForm<LoanSimulationForm>({
    resolver: zodResolver(loanSimulationFormSchema),
    mode: 'onChange',
    defaultValues: DEFAULTS,
  });
  const values = useWatch({ control: form.control }) as LoanSimulationForm;
  const holidays = useLoanHolidays(yearsOf(disbursementDate, values.term, values.frequency));
  const result = useMemo(() => {
    const parsed = loanSimulationFormSchema.safeParse(values);
    if (!parsed.success) return null;
    const built = simulationInput(parsed.data, disbursementDate, holidays.dates);
    return 'input' in built ? { input: built.input, schedule: buildSchedule(built.input) } : built;
  }, [values, disbursementDate, holidays.dates]);

  return (
    <main className="mx-auto w-full max-w-5xl space-y-5 p-4 sm:p-6 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Loan Simulation</h1>
        <Button
          variant="outline"
          className="print:hidden"
          disabled={!result || !('schedule' in result)}
          onClick={() => window.print()}
        >
          <Printer aria-hidden /> Print
        </Button>
      </div>
      <p className="text-muted-foreground text-sm print:hidden">
        Work out a loan’s instalments before lending. Nothing here is saved.
      </p>
      <p className="hidden text-sm print:block">
        An illustration, not an offer: the schedule of a loan booked on these terms. Printed{' '}
        {formatDateTime(new Date())}.
      </p>
      <LoanTermsForm
        form={form}
        crossErrors={result && 'errors' in result ? result.errors : {}}
        disbursementDate={disbursementDate}
      />
      <p className="text-muted-foreground text-sm" data-testid="holiday-note">
        {HOLIDAY_NOTE[holidays.source]}
      </p>
      <section aria-label="Schedule" className="grid gap-4">
        {result && 'schedule' in result ? (
          <>
            {/* the headline is announced as it changes; the whole table would be too much to hear */}
            <p role="status" className="sr-only">
              {`Instalment Le ${formatAmount(result.schedule.emi ?? result.schedule.instalments.at(-1)!.total)}, total repaid Le ${formatAmount(result.schedule.totals.total)}`}
            </p>
            <ScheduleSummary input={result.input} schedule={result.schedule} />
            <ScheduleTable schedule={result.schedule} />
          </>
        ) : (
          <p className="text-muted-foreground print:hidden">
            Enter an amount, a term and a rate to see the schedule.
          </p>
        )}
      </section>
    </main>
  );
}
