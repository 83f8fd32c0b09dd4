import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Customer360 } from '@bankmanager/contracts';
import { DetailsTab } from './details-tab';

describe('<DetailsTab>', () => {
  it('shows labels, not codes, grouped in the order staff check a file', () => {
    const customer = {
      id: 7,
      status: 'Active',
      related: [],
      mandate: null,
      details: {
        type: 'individual',
        nextOfKin: { name: 'Foday Conteh', relationship: 'Brother', mobile: '+23276123456' },
        incomeBand: '2k_10k',
        sourceOfFunds: 'business',
        idType: 'national_id',
        idNumber: 'AB12CD34',
        address: { line1: '12 Lightfoot Boston Street', town: 'Freetown' },
        mobile: '+23276000001',
        gender: 'female',
        firstName: 'Aminata',
        lastName: 'Conteh',
      },
    } as unknown as Customer360;
    render(<DetailsTab customer={customer} />, { wrapper: MemoryRouter });
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Identity',
      'Contact',
      'Address',
      'ID document',
      'Employment and funds',
      'Next of kin',
    ]);
    const value = (group: string, label: string) =>
      within(screen.getByRole('region', { name: group })).getByText(label, { selector: 'dt' })
        .nextElementSibling?.textContent;
    expect(value('Identity', 'Gender')).toBe('Female');
    expect(value('ID document', 'ID type')).toBe('National ID (NIN)');
    expect(value('Employment and funds', 'Monthly income')).toBe('Le 2,000 – 10,000');
    expect(value('Employment and funds', 'Source of funds')).toBe('Business income');
    expect(value('Next of kin', 'Next of kin')).toBe('Foday Conteh');
  });
});
