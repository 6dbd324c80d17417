import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { visible } from './app';
import { texts } from './texts';

const en = texts('en-US');

/** A CSV report as read back: the header's column names, the data rows, and the total row's cells. */
export interface CsvReport {
  columns: string[];
  rows: string[][];
  total: string[];
}

/**
 * Opens the screen's "Download" sheet (English), runs `whileOpen` (a screenshot, a look at the subject), picks
 * CSV and reads the downloaded file. Cells are split on commas: the demo's names hold none.
 */
export async function downloadCsv(page: Page, whileOpen?: () => Promise<void>): Promise<CsvReport> {
  await page.getByRole('button', { name: en.report.download }).click();
  await visible(page.getByRole('heading', { name: en.report.title }));
  await whileOpen?.();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: en.report.csv }).click(),
  ]);
  const file = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [head = '', ...lines] = file.trim().split(/\r?\n/);
  const cells = lines.map((line) => line.split(','));
  const isTotal = (row: string[]) => /^Total\b/.test(row[0] ?? '');
  return {
    columns: head.split(','),
    rows: cells.filter((row) => !isTotal(row)),
    total: cells.find(isTotal) ?? [],
  };
}

/** The cell of a column in a row, by the column's name. */
export function cell(report: CsvReport, row: string[], column: string): string | undefined {
  return row[report.columns.indexOf(column)];
}
