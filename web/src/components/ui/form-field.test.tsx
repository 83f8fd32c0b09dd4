import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, FormField } from './form-field';

describe('form fields', () => {
  it('labels the input and points it at its description and its error', () => {
    render(<FormField id="email" label="Email" description="Your staff email." error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Your staff email. Email is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
  });

  it('leaves a valid input unmarked', () => {
    render(<FormField id="password" label="Password" type="password" />);
    const input = screen.getByLabelText('Password');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('wires any control, e.g. a select', () => {
    render(
      <Field id="account" label="Payment Account" error="Please choose a payment account">
        <select>
          <option value="">Choose an account</option>
        </select>
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Payment Account' });
    expect(select).toHaveAttribute('id', 'account');
    expect(select).toHaveAccessibleDescription('Please choose a payment account');
  });
});
