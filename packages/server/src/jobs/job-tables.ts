/** The tables of the job runner. */
export interface JobTables {
  job_leases: JobLeasesTable;
}

/** Which process runs a job until when (jobs/job-lease.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}
