import { defineNamespace } from '../catalog';

/** Report download (components/report-download): the button and the sheet choosing XLSX or CSV. */
export default defineNamespace({
  'zh-CN': {
    download: '下载',
    title: '下载报表',
    period: '时间：{{start}} ~ {{end}}',
    allTime: '时间：全部（截至 {{end}}）',
    xlsx: 'Excel 表格（XLSX）',
    csv: 'CSV 文件',
    started: '报表开始下载',
  },
  'zh-TW': {
    download: '下載',
    title: '下載報表',
    period: '時間：{{start}} ~ {{end}}',
    allTime: '時間：全部（截至 {{end}}）',
    xlsx: 'Excel 表格（XLSX）',
    csv: 'CSV 檔案',
    started: '報表開始下載',
  },
  'en-US': {
    download: 'Download',
    title: 'Download report',
    period: 'Period: {{start}} ~ {{end}}',
    allTime: 'Period: all, up to {{end}}',
    xlsx: 'Excel workbook (XLSX)',
    csv: 'CSV file',
    started: 'The report is downloading',
  },
});
