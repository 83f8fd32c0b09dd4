import ExcelJS from 'exceljs';

/** A downloaded XLSX opened with the library that wrote it, as a spreadsheet program would read it. */
export async function workbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** The row of a sheet whose first cell is `first`, as its cell values (index 1 is column A). */
export function rowStarting(ws: ExcelJS.Worksheet, first: string): ExcelJS.CellValue[] {
  let found: ExcelJS.CellValue[] | null = null;
  ws.eachRow((row) => {
    if (row.getCell(1).value === first) found = row.values as ExcelJS.CellValue[];
  });
  if (!found) throw new Error(`no row starting ${first} in ${ws.name}`);
  return found;
}
