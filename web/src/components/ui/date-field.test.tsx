import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field';
import { Field } from './form-field';

function Harness({ initial = '', onValue }: { initial?: string; onValue: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Field id="from" label="From">
        <DateField
          value={value}
          label="From"
          onChange={(v) => {
            setValue(v);
            onValue(v);
          }}
        />
      </Field>
      <button type="button" onClick={() => setValue('2026-01-05')}>
        Reset
      </button>
    </>
  );
}

describe('DateField', () => {
  it('shows an ISO value day first, whatever the browser language', () => {
    render(<Harness initial="2026-11-27" onValue={() => {}} />);
    expect(screen.getByLabelText('From')).toHaveValue('27 Nov 2026');
    expect(screen.getByLabelText('From')).toHaveAttribute('type', 'text');
  });

  it('takes "27/11/2026" or "27 Nov 2026" typed and gives ISO; leaving the field shows the policy style', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const box = screen.getByLabelText('From');
    await userEvent.type(box, '27/11/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-11-27');
    expect(box).toHaveValue('27/11/2026');
    await userEvent.tab();
    expect(box).toHaveValue('27 Nov 2026');
    await userEvent.clear(box);
    expect(onValue).toHaveBeenLastCalledWith('');
    await userEvent.type(box, '3 Feb 2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-02-03');
  });

  it('passes an impossible date on as typed, for the schema to refuse', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await userEvent.type(screen.getByLabelText('From'), '31/04/2026');
    expect(onValue).toHaveBeenLastCalledWith('31/04/2026');
  });

  it('is keyboard usable: Up and Down move a day; the calendar button is reachable by Tab', async () => {
    const onValue = vi.fn();
    render(<Harness initial="2026-12-31" onValue={onValue} />);
    const box = screen.getByLabelText('From');
    await userEvent.click(box);
    await userEvent.keyboard('{ArrowUp}');
    expect(onValue).toHaveBeenLastCalledWith('2027-01-01');
    expect(box).toHaveValue('1 Jan 2027');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(onValue).toHaveBeenLastCalledWith('2026-12-30');
    await userEvent.tab();
    const calendar = screen.getByRole('button', { name: 'Open the calendar' });
    expect(calendar).toHaveFocus();
    expect(calendar).toHaveAccessibleDescription('Pick From from a calendar');
  });

  it('a value set from outside replaces the text', async () => {
    render(<Harness initial="2026-11-27" onValue={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('From')).toHaveValue('5 Jan 2026');
  });
});
