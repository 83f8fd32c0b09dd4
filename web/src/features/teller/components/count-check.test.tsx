import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountCheck } from './count-check';

describe('CountCheck', () => {
  it('says when the notes and coins add up to the total typed', () => {
    render(<CountCheck currency="SLE" counted="50000.00" total="50000" />);
    expect(screen.getByText('The notes and coins add up to Le 50,000.00.')).toBeInTheDocument();
  });

  it('says by how much they fall short of, or exceed, the total', () => {
    const { rerender } = render(<CountCheck currency="SLE" counted="49990.00" total="50000" />);
    expect(screen.getByText(/Le 10\.00 short of the total/)).toBeInTheDocument();
    rerender(<CountCheck currency="USD" counted="101.00" total="100" />);
    expect(screen.getByText(/\$1\.00 over the total/)).toBeInTheDocument();
  });
});
