import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { centsToYuan } from '@vendo/contract/money';

/*
 * A report file written while its rows are read: an XLSX sheet through exceljs's streaming writer, or a CSV in
 * UTF-8 with a BOM (Excel otherwise reads Chinese as GBK). Either way a row leaves for the client once written,
 * and writers wait for the client (drain) between batches, so a large file never sits in memory.
 */

export const REPORT_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;
export type ReportFormat = keyof typeof REPORT_CONTENT_TYPES;

/** text; money in cents (yuan with 2 decimals in the file); a whole number; a rate in hundredths of a percent. */
export type ColumnType = 'text' | 'money' | 'int' | 'rate';
export interface Column {
  title: string;
  type: ColumnType;
  width?: number;
}
export type Cell = string | number | null;

export interface TableWriter {
  /** A row of cells in column order; `strong` rows (totals) are bold where the format has styles. */
  row(cells: Cell[], strong?: boolean): void;
  /** Resolves once the client has taken what was written (call between batches). */
  drain(): Promise<void>;
  end(): Promise<void>;
}

export function openTable(
  format: ReportFormat,
  out: Writable,
  sheet: string,
  columns: Column[],
): TableWriter {
  return format === 'xlsx' ? xlsxTable(out, sheet, columns) : csvTable(out, columns);
}

/** The client closed the download before its end: the writer stops reading. */
export class ClientGone extends Error {
  constructor() {
    super('the client closed the download');
  }
}

async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw new ClientGone();
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (gone: boolean) => () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (gone) reject(new ClientGone());
      else resolve();
    };
    const onDrain = settle(false);
    const onClose = settle(true);
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/** Resolves once everything written was taken; rejects when the client went away first. */
async function written(out: Writable): Promise<void> {
  await finished(out, { readable: false }).catch(() => {
    throw new ClientGone();
  });
}

const NUMBER_FORMATS: Record<ColumnType, string | undefined> = {
  text: undefined,
  money: '0.00',
  int: '0',
  rate: '0.00%',
};

function xlsxTable(out: Writable, sheet: string, columns: Column[]): TableWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const worksheet = workbook.addWorksheet(sheet.slice(0, 31));
  worksheet.columns = columns.map((c) => ({
    header: c.title,
    width: c.width ?? (c.type === 'text' ? 18 : 12),
    ...(NUMBER_FORMATS[c.type] ? { style: { numFmt: NUMBER_FORMATS[c.type] } } : {}),
  }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();
  return {
    row(cells, strong) {
      const row = worksheet.addRow(cells.map((cell, i) => xlsxValue(columns[i]?.type ?? 'text', cell)));
      if (strong) row.font = { bold: true };
      row.commit();
    },
    drain: () => drained(out),
    async end() {
      worksheet.commit();
      await Promise.all([workbook.commit(), written(out)]);
    },
  };
}

function xlsxValue(type: ColumnType, cell: Cell): string | number | null {
  if (cell === null || typeof cell === 'string') return cell;
  if (type === 'money') return cell / 100;
  if (type === 'rate') return cell / 10_000;
  return cell;
}

function csvTable(out: Writable, columns: Column[]): TableWriter {
  const line = (cells: string[]) => `${cells.map(csvField).join(',')}\r\n`;
  out.write(`\uFEFF${line(columns.map((c) => c.title))}`);
  return {
    row(cells) {
      out.write(line(cells.map((cell, i) => csvText(columns[i]?.type ?? 'text', cell))));
    },
    drain: () => drained(out),
    async end() {
      out.end();
      await written(out);
    },
  };
}

function csvText(type: ColumnType, cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') {
    // A name starting like a formula would run as one when Excel opens the file.
    return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  }
  if (type === 'money') return centsToYuan(cell);
  if (type === 'rate') return `${centsToYuan(cell)}%`;
  return String(cell);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
