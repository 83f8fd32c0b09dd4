import { describe, expect, it } from 'vitest';
import { buildGoamlReport, checkGoamlStructure, type GoamlReport } from './index.ts';

const fixture: GoamlReport = {
  kind: 'CTR',
  rentityId: 'SL-0042',
  schemaVersion: '4.0',
  entityReference: 'CTR-2026-03-02',
  submissionDate: '2026-03-03T09:15:00.000Z',
  currencyLocal: 'SLE',
  reportingPerson: {
    firstName: 'Fatmata',
    lastName: 'Kamara',
    email: 'mlro@bank.sl',
    occupation: 'Compliance Officer',
  },
  location: { address: '1 Siaka Stevens Street', city: 'Freetown', countryCode: 'SL' },
  transactions: [
    {
      number: 'JE-1001',
      location: '101',
      description: 'Cash deposit',
      date: '2026-03-02T10:00:00.000Z',
      amountLocal: '29999.99',
      direction: 'in',
      person: { firstName: 'Mohamed', lastName: 'Sesay', idNumber: 'SL123' },
      account: {
        institutionName: 'BankManager',
        branch: '101',
        account: '1010000001',
        currency: 'SLE',
        accountName: 'Mohamed Sesay',
        clientNumber: '42',
      },
    },
    {
      number: 'JE-1002',
      location: '202',
      description: 'Cash withdrawal',
      date: '2026-03-02',
      amountLocal: '100.00',
      direction: 'out',
      person: { firstName: 'Mohamed', lastName: 'Sesay' },
      account: {
        institutionName: 'BankManager',
        branch: '202',
        account: '2020000007',
        currency: 'SLE',
        accountName: 'Mohamed Sesay',
      },
    },
  ],
  indicators: ['CTR'],
};

const GOLDEN = `<?xml version="1.0" encoding="UTF-8"?>
<!-- goAML schema 4.0 -->
<report>
  <rentity_id>SL-0042</rentity_id>
  <submission_code>E</submission_code>
  <report_code>CTR</report_code>
  <entity_reference>CTR-2026-03-02</entity_reference>
  <submission_date>2026-03-03T09:15:00</submission_date>
  <currency_code_local>SLE</currency_code_local>
  <reporting_person>
    <first_name>Fatmata</first_name>
    <last_name>Kamara</last_name>
    <email>mlro@bank.sl</email>
    <occupation>Compliance Officer</occupation>
  </reporting_person>
  <location>
    <address_type>B</address_type>
    <address>1 Siaka Stevens Street</address>
    <city>Freetown</city>
    <country_code>SL</country_code>
  </location>
  <transaction>
    <transactionnumber>JE-1001</transactionnumber>
    <transaction_location>101</transaction_location>
    <transaction_description>Cash deposit</transaction_description>
    <date_transaction>2026-03-02T10:00:00</date_transaction>
    <transmode_code>K</transmode_code>
    <amount_local>29999.99</amount_local>
    <t_from>
      <from_funds_code>K</from_funds_code>
      <from_person>
        <first_name>Mohamed</first_name>
        <last_name>Sesay</last_name>
        <id_number>SL123</id_number>
      </from_person>
      <from_country>SL</from_country>
    </t_from>
    <t_to_my_client>
      <to_funds_code>K</to_funds_code>
      <to_account>
        <institution_name>BankManager</institution_name>
        <branch>101</branch>
        <account>1010000001</account>
        <currency_code>SLE</currency_code>
        <account_name>Mohamed Sesay</account_name>
        <client_number>42</client_number>
      </to_account>
      <to_country>SL</to_country>
    </t_to_my_client>
  </transaction>
  <transaction>
    <transactionnumber>JE-1002</transactionnumber>
    <transaction_location>202</transaction_location>
    <transaction_description>Cash withdrawal</transaction_description>
    <date_transaction>2026-03-02T00:00:00</date_transaction>
    <transmode_code>K</transmode_code>
    <amount_local>100.00</amount_local>
    <t_from_my_client>
      <from_funds_code>K</from_funds_code>
      <from_account>
        <institution_name>BankManager</institution_name>
        <branch>202</branch>
        <account>2020000007</account>
        <currency_code>SLE</currency_code>
        <account_name>Mohamed Sesay</account_name>
      </from_account>
      <from_country>SL</from_country>
    </t_from_my_client>
    <t_to>
      <to_funds_code>K</to_funds_code>
      <to_person>
        <first_name>Mohamed</first_name>
        <last_name>Sesay</last_name>
      </to_person>
      <to_country>SL</to_country>
    </t_to>
  </transaction>
  <report_indicators>
    <indicator>CTR</indicator>
  </report_indicators>
</report>
`;

describe('goAML builder', () => {
  it('writes the golden CTR document, which passes the structure check', () => {
    const xml = buildGoamlReport(fixture);
    expect(xml).toBe(GOLDEN);
    expect(checkGoamlStructure(xml)).toEqual([]);
  });

  it('writes an STR with its reason and action, and refuses an STR without a reason', () => {
    const str = buildGoamlReport({
      ...fixture,
      kind: 'STR',
      reason: 'Structuring',
      action: 'Account monitored',
    });
    expect(checkGoamlStructure(str)).toEqual([]);
    expect(str).toContain('<reason>Structuring</reason>\n  <action>Account monitored</action>');
    expect(checkGoamlStructure(buildGoamlReport({ ...fixture, kind: 'STR' }))).toEqual([
      '/report: an STR states its reason',
    ]);
  });

  it('escapes hostile text so it can neither break nor extend the document', () => {
    const hostile = `</first_name><rentity_id>X</rentity_id>&amp; "q" 'a' <!-- ]]> \u0000\u0007bell\r\n`;
    const xml = buildGoamlReport({
      ...fixture,
      kind: 'STR',
      reason: hostile,
      transactions: [{ ...fixture.transactions[0]!, person: { firstName: hostile, lastName: 'Sesay' } }],
    });
    expect(checkGoamlStructure(xml)).toEqual([]);
    expect(xml.match(/<rentity_id>/g)).toHaveLength(1);
    expect(xml).toContain(
      '&lt;/first_name&gt;&lt;rentity_id&gt;X&lt;/rentity_id&gt;&amp;amp; &quot;q&quot; &apos;a&apos; &lt;!-- ]]&gt; bell&#13;\n',
    );
    expect(xml).not.toContain('\u0000');
  });

  it('names what is missing, out of order, mistyped or not allowed', () => {
    const xml = buildGoamlReport(fixture);
    expect(checkGoamlStructure(xml.replace('<rentity_id>SL-0042</rentity_id>', ''))).toEqual([
      '/report: rentity_id is required',
    ]);
    expect(
      checkGoamlStructure(
        xml.replace('<amount_local>29999.99</amount_local>', '<amount_local>29,999.99</amount_local>'),
      ),
    ).toEqual(['/report/transaction/amount_local: "29,999.99" is not a amount']);
    expect(checkGoamlStructure(xml.replace('2026-03-02T10:00:00', '2026-02-30T10:00:00'))).toEqual([
      '/report/transaction/date_transaction: "2026-02-30T10:00:00" is not a dateTime',
    ]);
    const swapped = xml.replace(
      '<report_code>CTR</report_code>\n  <entity_reference>CTR-2026-03-02</entity_reference>',
      '<entity_reference>CTR-2026-03-02</entity_reference>\n  <report_code>CTR</report_code>',
    );
    expect(checkGoamlStructure(swapped).length).toBeGreaterThan(0);
    expect(
      checkGoamlStructure(
        xml.replace('<t_from>', '<t_from_my_client>').replace('</t_from>', '</t_from_my_client>'),
      ),
    ).not.toEqual([]);
    expect(checkGoamlStructure('<report><rentity_id>')).toEqual([
      expect.stringMatching(/^not well-formed XML/),
    ]);
    expect(checkGoamlStructure('<ctr/>')).toEqual(['the root must be report, not ctr']);
  });
});
