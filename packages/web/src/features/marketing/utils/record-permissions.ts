import { hasPermission, type Viewer } from '../../../lib/permissions';

/** The records file needs report download (1033); the main account holds it (and only it reaches /record). */
export function mayDownloadReportCode(viewer: Viewer | null): boolean {
  return viewer !== null && hasPermission(viewer, 'Report');
}
