/** The bank and branch directory (decision 030): reference data, the same for every merchant. */
export interface BankDirectoryTables {
  bank_branches: BankBranchesTable;
  bank_directory_source: BankDirectorySourceTable;
}

/** A branch with its CNAPS number (联行号), in the region of the official division codes. */
export interface BankBranchesTable {
  /** 12 digits; unique across banks. */
  bank_no: string;
  /** One of the 15 bank codes of spec §9. */
  bank_code: string;
  name: string;
  /** 6-digit GB/T 2260 codes, as the region tree of catalog/regions.ts gives them. */
  prov_code: string;
  city_code: string;
}

/** One row (id 1): where the branches came from, so a newer shipped file replaces an older one, never an import. */
export interface BankDirectorySourceTable {
  id: number;
  /** 'shipped': the server's reference-data/bank-directory/branches.csv; 'import': an operator's file. */
  kind: string;
  /** The file name as given (shipped: its path inside the package). */
  file: string;
  /** SHA-256 of the file's bytes. */
  digest: string;
  rows: number;
  loaded_at: number;
}
