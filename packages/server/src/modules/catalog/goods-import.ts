import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import * as api from '@vendo/contract/api/catalog';
import { IMPORT_COLUMNS, type ImportColumn } from '@vendo/contract/api/catalog';
import { LOCALES, type Locale } from '@vendo/contract/locales';
import { yuanToCents } from '@vendo/contract/money';
import { RCODE } from '@vendo/contract/rcodes';
import { checkInteger, checkPrice } from '@vendo/contract/validation';
import type { ValidationKey } from '@vendo/contract/validation-messages';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { fieldLabel } from '../../platform/field-labels';
import { fieldMessage } from '../../platform/i18n';
import { issueKey } from '../../platform/route';
import './catalog-field-labels';
import type { GoodsRepository } from './goods-repository';
import type { GoodsService } from './goods-service';
import { readImportRows, type SheetRow } from './import-file';

type RowError = z.infer<typeof api.importRowError>;
type GoodsFields = z.output<typeof api.addPrivate.request>;

export interface GoodsImportDeps {
  db: Kysely<Database>;
  goods: GoodsService;
  repo: GoodsRepository;
  clock: () => number;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /g/importGoods: goods from an .xlsx or .csv file. Every row goes through the same schema as the goods form,
 * then the same checks as adding one by one (quota, cost permission); one failing row imports nothing, and the
 * answer lists every failing field of every row with the spreadsheet's row number.
 */
export class GoodsImport {
  constructor(private readonly d: GoodsImportDeps) {}

  async import(
    auth: AuthContext,
    file: { data: Uint8Array } | undefined,
    locale: Locale,
  ): Promise<{ rows: number; imported: number; errors: RowError[] }> {
    if (!file || file.data.length === 0) throw new AppError(RCODE.FILE_MISSING);
    // Bounded whatever the file claims: rows, cell lengths, what an .xlsx unpacks to (import-file.ts).
    const [header, ...body] = await readImportRows(file.data);
    if (!header) throw new AppError(RCODE.IMPORT_NO_ROWS);
    const columns = mapHeader(header.cells);
    if (!columns.has('goods_name')) throw new AppError(RCODE.IMPORT_NO_NAME_COLUMN);
    if (body.length === 0) throw new AppError(RCODE.IMPORT_NO_ROWS);

    const errors: RowError[] = [];
    const parsed: GoodsFields[] = [];
    for (const row of body) {
      const result = parseRow(row, columns);
      if (result.ok) parsed.push(result.value);
      else
        errors.push(
          ...result.errors.map((e) => ({
            row: row.number,
            field: e.field,
            message: fieldMessage(e.field, e.key, locale, undefined, e.params),
          })),
        );
    }
    if (errors.length) return { rows: body.length, imported: 0, errors };

    const inputs: Awaited<ReturnType<GoodsService['fields']>>[] = [];
    for (const fields of parsed) inputs.push(await this.d.goods.fields(auth, fields, null));
    const now = this.d.clock();
    const max = await this.d.goods.quota(auth.merchant.id);
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.goods.assertRoom(trx, auth.merchant.id, inputs.length, max);
      for (const input of inputs) {
        await this.d.repo.insert(trx, auth.merchant.id, auth.user.id, input.goods, input.detailImages, now);
      }
    });
    return { rows: body.length, imported: inputs.length, errors: [] };
  }

  /** The template: headers in the caller's language and one example row. */
  async template(locale: Locale): Promise<z.infer<typeof api.downloadFile>> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('goods');
    const keys = Object.keys(IMPORT_COLUMNS) as ImportColumn[];
    sheet.columns = keys.map((key) => ({
      header: fieldLabel(key, locale),
      key,
      width: key === 'goods_name' ? 24 : 14,
    }));
    sheet.getRow(1).font = { bold: true };
    const example: Record<ImportColumn, string | number> = {
      goods_name: locale === 'en-US' ? 'Cola 330ml' : '可乐330ml',
      price: '3.50',
      cost_price: '2.00',
      goods_code: '6901234567890',
      sold: 0,
      tags: locale === 'en-US' ? 'drink，cold' : '饮料，冷饮',
      description: '',
      duration: 0,
      goods_type: '',
      detail_intro: '',
    };
    sheet.addRow(example);
    // Text format for the price and code columns, so spreadsheet programs keep "3.50" and leading zeros.
    for (const key of ['price', 'cost_price', 'goods_code'] as const) sheet.getColumn(key).numFmt = '@';
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const filename = locale === 'en-US' ? 'goods-import-template.xlsx' : '商品导入模板.xlsx';
    return { filename, content_type: XLSX_TYPE, data: buffer.toString('base64') };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Header and rows

const normalize = (s: string) => s.toLowerCase().replace(/[\s_*（）()]/g, '');

/**
 * Every name a column may have: the contract's aliases and the field's label in every language (the template's
 * headers). Built on first use, once every module has registered its labels.
 */
let aliases: Map<string, ImportColumn> | undefined;
function columnAliases(): Map<string, ImportColumn> {
  aliases ??= new Map(
    (Object.entries(IMPORT_COLUMNS) as [ImportColumn, readonly string[]][]).flatMap(([key, names]) => [
      ...names.map((n) => [normalize(n), key] as const),
      ...LOCALES.map((l) => [normalize(fieldLabel(key, l)), key] as const),
    ]),
  );
  return aliases;
}

function mapHeader(cells: string[]): Map<ImportColumn, number> {
  const columns = new Map<ImportColumn, number>();
  cells.forEach((cell, index) => {
    const key = columnAliases().get(normalize(cell));
    if (key && !columns.has(key)) columns.set(key, index);
  });
  return columns;
}

type CellError = { field: string; key: string; params?: Record<string, string | number> };
type RowResult = { ok: true; value: GoodsFields } | { ok: false; errors: CellError[] };

/** Tags in a cell may be separated by commas of either width, 、, | or ;. */
const TAG_SEPARATORS = /[,，、|;；]/;

function parseRow(row: SheetRow, columns: Map<ImportColumn, number>): RowResult {
  const cell = (key: ImportColumn) => {
    const index = columns.get(key);
    return index === undefined ? '' : (row.cells[index] ?? '').trim();
  };
  const errors: CellError[] = [];
  const money = (key: 'price' | 'cost_price', rule: (text: string) => ValidationKey | null) => {
    const text = cell(key);
    if (text === '') return undefined;
    const problem = rule(text);
    if (problem) errors.push({ field: key, key: problem });
    return yuanToCents(text) ?? undefined;
  };
  const integer = (key: 'sold' | 'duration') => {
    const text = cell(key);
    if (text === '') return undefined;
    const problem = checkInteger(text);
    if (problem) errors.push({ field: key, key: problem });
    return Number(text);
  };
  const candidate = {
    goods_name: cell('goods_name'),
    price: money('price', (text) => checkPrice(text)),
    cost_price: money('cost_price', checkCost),
    goods_code: cell('goods_code'),
    sold: integer('sold'),
    tags: cell('tags')
      .split(TAG_SEPARATORS)
      .map((t) => t.trim())
      .filter(Boolean),
    description: cell('description'),
    duration: integer('duration'),
    goods_type: cell('goods_type'),
    detail_intro: cell('detail_intro'),
  };
  const parsed = api.addPrivate.request.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'body');
      if (errors.some((e) => e.field === field)) continue;
      errors.push({ field, ...issueKey(issue) });
    }
  }
  if (errors.length || !parsed.success) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

/** A cost may be 0; it only has to be an amount in yuan to the cent. */
function checkCost(text: string): ValidationKey | null {
  if (/^\d*\.\d{3,}$/.test(text)) return 'priceCents';
  const cents = yuanToCents(text);
  return cents === null || cents < 0 ? 'numberInvalid' : null;
}
