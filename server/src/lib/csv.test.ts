import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, looksLikeFormula } from './csv.ts';

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

  it('catches full-width and small compatibility signs (NFKC folds them to = + - @)', () => {
    for (const sign of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\u2212']) {
      expect(looksLikeFormula(`${sign}SUM(A1)`), sign.codePointAt(0)!.toString(16)).toBe(true);
      // The cell is kept as written, only prefixed.
      expect(csvCell(`${sign}1`)).toBe(`'${sign}1`);
    }
  });

  it('looks past leading invisibles: zero-width, BOM, soft hyphen, bidi marks, spaces', () => {
    for (const hidden of [
      '\u200B',
      '\u200C',
      '\u200D',
      '\u2060',
      '\uFEFF',
      '\u00AD',
      '\u200E',
      '\u202E',
      ' ',
      '\u00A0',
      '\u3000',
    ]) {
      expect(looksLikeFormula(`${hidden}=cmd|' /C calc'!A0`), hidden.codePointAt(0)!.toString(16)).toBe(true);
    }
    expect(csvCell('\uFEFF\u200B\uFF1D1+1')).toBe("'\uFEFF\u200B\uFF1D1+1");
  });

  it('leaves text with a sign further in, and ordinary non-ASCII names, alone', () => {
    expect(looksLikeFormula('Kamara = Aminata')).toBe(false);
    expect(looksLikeFormula('\u200BKoroma')).toBe(false);
    expect(looksLikeFormula('Ｋｏｒｏｍａ')).toBe(false);
    expect(csvCell('2026-11-01')).toBe('2026-11-01');
  });
});
