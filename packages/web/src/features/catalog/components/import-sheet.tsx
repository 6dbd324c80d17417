import { IMPORT_MAX_ROWS } from '@vendo/contract/api/catalog';
import { Button } from 'antd-mobile';
import {
  CheckCircleOutline,
  DownlandOutline,
  ExclamationCircleOutline,
  FileOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { errorText } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { pickFiles } from '../../../lib/upload';
import { useImportTemplate } from '../api/get-import-template';
import { useImportGoods } from '../api/import-goods';

const ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,text/comma-separated-values';

/**
 * Goods from an .xlsx or .csv file (spec §7 /g/importGoods): the template to fill in, the file, and the server's
 * report row by row. One bad row imports nothing, so the person fixes the file and tries again.
 */
function ImportGoods({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const template = useImportTemplate();
  const importer = useImportGoods();
  const [fileName, setFileName] = useState<string | null>(null);
  const report = importer.data;

  const choose = async () => {
    const [file] = await pickFiles({ accept: ACCEPT });
    if (!file) return;
    setFileName(file.name);
    importer.reset();
    importer.mutate(file);
  };

  const download = async () => {
    try {
      saveFile(await template.mutateAsync());
    } catch {
      // The API client said why.
    }
  };

  return (
    <SheetFrame
      tall
      title={t('import.title')}
      onClose={onClose}
      footer={
        <Button block color="primary" size="large" loading={importer.isPending} onClick={() => void choose()}>
          <FileOutline aria-hidden="true" /> {fileName ? t('import.chooseAgain') : t('import.choose')}
        </Button>
      }
    >
      <div className="import-body">
        <ol className="import-steps">
          <li>{t('import.step1')}</li>
          <li>{t('import.step2', { max: IMPORT_MAX_ROWS })}</li>
          <li>{t('import.step3')}</li>
        </ol>
        <Button
          block
          fill="outline"
          color="primary"
          loading={template.isPending}
          onClick={() => void download()}
        >
          <DownlandOutline aria-hidden="true" /> {t('import.template')}
        </Button>
        {fileName ? (
          <p className="import-file">
            <FileOutline aria-hidden="true" /> <span>{fileName}</span>
          </p>
        ) : null}
        {importer.isPending ? <p className="muted">{t('import.checking')}</p> : null}
        {importer.isError ? (
          <p className="form-message import-error" role="alert">
            {errorText(importer.error)}
          </p>
        ) : null}
        {report ? (
          <div className="import-report" role="status">
            {report.errors.length === 0 ? (
              <p className="report-ok">
                <CheckCircleOutline aria-hidden="true" />
                <span>{t('import.done', { count: report.imported, rows: report.rows })}</span>
              </p>
            ) : (
              <>
                <p className="report-failed">
                  <ExclamationCircleOutline aria-hidden="true" />
                  <span>
                    {t('import.failed', {
                      rows: report.rows,
                      bad: new Set(report.errors.map((e) => e.row)).size,
                    })}
                  </span>
                </p>
                <table className="report-table">
                  <caption className="visually-hidden">{t('import.errorsCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('import.row')}</th>
                      <th scope="col">{t('import.problem')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.errors.map((error, index) => (
                      <tr key={`${error.row}-${error.field}-${index}`}>
                        <td>{t('import.rowN', { row: error.row })}</td>
                        <td>{error.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </div>
        ) : null}
      </div>
    </SheetFrame>
  );
}

/** The import in its sheet, loaded when the goods list first opens it. */
export const ImportSheet = inSheet(ImportGoods);
