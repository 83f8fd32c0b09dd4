import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('csv', () => {
  it('neutralises cells that a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-500.00')).toBe("'-500.00");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('quotes commas, quotes and newlines, and leaves plain text alone', () => {
    expect(csvCell('Kamara, Aminata')).toBe('"Kamara, Aminata"');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell('1500.00')).toBe('1500.00');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['a', 1, '=x'])).toBe("a,1,'=x\r\n");
  });
});
