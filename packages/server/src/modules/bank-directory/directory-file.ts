import { createHash } from 'node:crypto';
import type { RegionNode } from '@vendo/contract/api/catalog';
import { BANK_CODES, isBankCode, type BankCode } from '@vendo/contract/enums';
import type { BankBranchesTable } from './bank-directory-tables';

/*
 * The directory file (packages/server/reference-data/bank-directory/README.md): UTF-8 CSV with the header
 * bank_code,bank_no,bank_branch,province,city. Every row is checked before anything is stored, and a file with
 * one bad row is refused whole, each bad row named by its line.
 */

export const DIRECTORY_COLUMNS = ['bank_code', 'bank_no', 'bank_branch', 'province', 'city'] as const;

/** Bounds on an operator's file (decision 020): the PBOC's full list is ~150,000 rows, ~15 MB. */
export const DIRECTORY_LIMITS = { bytes: 64 * 1024 * 1024, rows: 500_000, nameMax: 100 } as const;

/**
 * The first three digits of a CNAPS number: the bank's class in the payment system. It is the bank code of
 * spec §9 except for the Postal Savings Bank (403) and Ping An Bank (307, the former Shenzhen Development Bank).
 */
export const CNAPS_CLASS: Record<BankCode, string> = Object.fromEntries(
  BANK_CODES.map((code) => [code, code === '100' ? '403' : code === '410' ? '307' : code]),
) as Record<BankCode, string>;

export interface DirectoryProblem {
  /** 1-based line of the file. */
  line: number;
  message: string;
}

export type ParsedDirectory =
  { ok: true; rows: BankBranchesTable[]; digest: string } | { ok: false; problems: DirectoryProblem[] };

/** Problems listed at most; past that the count says how many more. */
const PROBLEMS_SHOWN = 50;

/** Province and city names → their codes in the official division tree. */
export class RegionNames {
  private readonly provinces: RegionNode[];

  constructor(tree: readonly RegionNode[]) {
    this.provinces = [...tree];
  }

  /**
   * The province named exactly, or by its name without the suffix (广东 → 广东省, 广西 → 广西壮族自治区) when
   * only one province starts so.
   */
  province(name: string): RegionNode | undefined {
    return byName(this.provinces, name);
  }

  /**
   * The city of `province` named exactly or without 市; a municipality (北京市, 重庆市) is its own city: its name,
   * or 市辖区, is the division's 市辖区.
   */
  city(province: RegionNode, name: string): RegionNode | undefined {
    const cities = province.children ?? [];
    const municipal = cities.find((c) => c.name === '市辖区');
    if (municipal && (name === province.name || name === province.name.replace(/市$/, ''))) return municipal;
    return byName(cities, name);
  }
}

function byName(nodes: readonly RegionNode[], name: string): RegionNode | undefined {
  const exact = nodes.find((n) => n.name === name);
  if (exact || name.length < 2) return exact;
  const starting = nodes.filter((n) => n.name.startsWith(name));
  return starting.length === 1 ? starting[0] : undefined;
}

/** Checks every row of a directory file; the rows to store, or every problem by line. */
export function parseDirectory(bytes: Buffer, regions: RegionNames): ParsedDirectory {
  if (bytes.length > DIRECTORY_LIMITS.bytes) {
    return { ok: false, problems: [{ line: 0, message: `file over ${DIRECTORY_LIMITS.bytes} bytes` }] };
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const problems: DirectoryProblem[] = [];
  const header = splitCsvLine(lines[0] ?? '');
  if (!header || header.map((h) => h.trim()).join(',') !== DIRECTORY_COLUMNS.join(',')) {
    return { ok: false, problems: [{ line: 1, message: `header must be ${DIRECTORY_COLUMNS.join(',')}` }] };
  }
  if (lines.length - 1 > DIRECTORY_LIMITS.rows) {
    return { ok: false, problems: [{ line: 0, message: `more than ${DIRECTORY_LIMITS.rows} rows` }] };
  }
  const rows: BankBranchesTable[] = [];
  const seen = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const line = i + 1;
    const fields = splitCsvLine(lines[i]!);
    if (fields?.length === 1 && fields[0]!.trim() === '') continue;
    const problem = (message: string) => problems.push({ line, message });
    if (!fields || fields.length !== DIRECTORY_COLUMNS.length) {
      problem(`expected ${DIRECTORY_COLUMNS.length} columns`);
      continue;
    }
    const [bankCode, bankNo, name, provinceName, cityName] = fields.map((f) => f.trim()) as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (!isBankCode(bankCode)) {
      problem(`bank_code "${bankCode}" is not one of ${BANK_CODES.join(' ')}`);
      continue;
    }
    if (!/^\d{12}$/.test(bankNo)) {
      problem(`bank_no "${bankNo}" is not 12 digits`);
      continue;
    }
    if (!bankNo.startsWith(CNAPS_CLASS[bankCode])) {
      problem(
        `bank_no ${bankNo} is not of bank ${bankCode} (its numbers start with ${CNAPS_CLASS[bankCode]})`,
      );
      continue;
    }
    const previous = seen.get(bankNo);
    if (previous !== undefined) {
      problem(`bank_no ${bankNo} already on line ${previous}`);
      continue;
    }
    if (!name || name.length > DIRECTORY_LIMITS.nameMax) {
      problem(name ? `bank_branch over ${DIRECTORY_LIMITS.nameMax} characters` : 'bank_branch is empty');
      continue;
    }
    const province = regions.province(provinceName);
    if (!province) {
      problem(`province "${provinceName}" is not a province of the division list`);
      continue;
    }
    const city = regions.city(province, cityName);
    if (!city) {
      problem(`city "${cityName}" is not a city of ${province.name}`);
      continue;
    }
    seen.set(bankNo, line);
    rows.push({ bank_no: bankNo, bank_code: bankCode, name, prov_code: province.code, city_code: city.code });
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, PROBLEMS_SHOWN);
    const more = problems.length - shown.length;
    return { ok: false, problems: more > 0 ? [...shown, { line: 0, message: `${more} more` }] : shown };
  }
  if (rows.length === 0) return { ok: false, problems: [{ line: 2, message: 'no branch in the file' }] };
  return { ok: true, rows, digest: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * One CSV line: fields split by commas, a field in double quotes may hold commas and doubled quotes. Null when
 * a quote is left open (a field spanning lines is not taken).
 */
export function splitCsvLine(line: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}
