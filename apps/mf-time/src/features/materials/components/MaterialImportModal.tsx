import { useEffect, useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { AutoComplete, Alert, Form, Modal, Progress, Select, Typography, Upload } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MATERIAL_IMPORT_FIELDS, type MaterialImportDto, type MaterialImportField } from '@zunft/contracts';
import { ApiError, errorCode, serverErrorText, toast } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { materialsApi } from '../api/materials.api';
import { useInvalidateMaterials } from '../api/useMaterials';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** How often a running import is asked for its progress. */
const POLL_MS = 1000;

/**
 * «Katalog importieren» (issue 29): the wholesaler's name and its file (CSV, Excel, Datanorm 4/5).
 * The file is read at once (a bad line is named); then the import runs on the server and its
 * progress is shown. When the columns of a CSV/Excel file are not recognised, the dialog asks which
 * column holds what; the server remembers that for the supplier.
 */
export function MaterialImportModal({ open, onClose }: Props) {
  const t = useTimeT();
  const invalidate = useInvalidateMaterials();
  const [supplier, setSupplier] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<MaterialImportField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [job, setJob] = useState<MaterialImportDto | null>(null);
  const suppliers = useQuery({
    queryKey: ['materials', 'suppliers'],
    queryFn: ({ signal }) => materialsApi.suppliers(signal),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    setSupplier('');
    setFile(null);
    setHeaders(null);
    setMapping({});
    setError(null);
    setJob(null);
  }, [open]);

  // Polls the job until it is done or failed.
  useEffect(() => {
    if (!job || job.status === 'done' || job.status === 'failed') return;
    const timer = setTimeout(() => {
      void materialsApi.importJob(job.id).then(setJob, () => undefined);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  useEffect(() => {
    if (job?.status === 'done') {
      invalidate();
      toast.success(t('materials.import.done', { created: job.created_count, updated: job.updated_count }));
    }
  }, [job?.status]); // eslint-disable-line react-hooks/exhaustive-deps

  const start = async () => {
    if (!supplier.trim() || !file) {
      setError(t('materials.import.missing'));
      return;
    }
    const form = new FormData();
    form.append('supplier', supplier.trim());
    if (headers) form.append('mapping', JSON.stringify(mapping));
    form.append('file', file);
    setSending(true);
    setError(null);
    try {
      setJob(await materialsApi.startImport(form));
    } catch (e) {
      if (errorCode(e) === 'material_import_mapping_required' && e instanceof ApiError) {
        const list = String(e.body?.headers ?? '')
          .split(',')
          .map((h) => h.trim())
          .filter(Boolean);
        setHeaders(list);
      }
      setError(serverErrorText(e) ?? t('materials.import.failed'));
    } finally {
      setSending(false);
    }
  };

  const running = job !== null && (job.status === 'queued' || job.status === 'running');
  const percent = job && job.total_rows > 0 ? Math.floor((job.processed_rows / job.total_rows) * 100) : 0;

  return (
    <Modal
      open={open}
      title={t('materials.import.title')}
      okText={job?.status === 'done' ? t('materials.import.close') : t('materials.import.start')}
      cancelText={t('common.cancel')}
      onOk={() => (job?.status === 'done' ? onClose() : void start())}
      okButtonProps={{ loading: sending || running, disabled: running }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('materials.import.supplier')} htmlFor="material-import-supplier" required>
          <AutoComplete
            id="material-import-supplier"
            value={supplier}
            onChange={setSupplier}
            options={(suppliers.data ?? []).map((s) => ({ value: s.name }))}
            placeholder={t('materials.import.supplierPlaceholder')}
            disabled={running || job?.status === 'done'}
          />
        </Form.Item>
        <Form.Item label={t('materials.import.file')} required extra={t('materials.import.formats')}>
          <Upload.Dragger
            maxCount={1}
            accept=".csv,.txt,.xlsx,.001,.002,.dat"
            beforeUpload={(f) => {
              setFile(f);
              setHeaders(null);
              setError(null);
              return false;
            }}
            onRemove={() => setFile(null)}
            disabled={running || job?.status === 'done'}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{file ? file.name : t('materials.import.drop')}</p>
          </Upload.Dragger>
        </Form.Item>
        {headers ? (
          <>
            <Typography.Paragraph>{t('materials.import.mappingHint')}</Typography.Paragraph>
            {MATERIAL_IMPORT_FIELDS.map((field) => (
              <Form.Item key={field} label={t(`materials.import.fields.${field}`)}>
                <Select
                  allowClear
                  value={mapping[field]}
                  onChange={(v: string | undefined) => setMapping((m) => ({ ...m, [field]: v }))}
                  options={headers.map((h) => ({ value: h, label: h }))}
                  aria-label={t(`materials.import.fields.${field}`)}
                />
              </Form.Item>
            ))}
          </>
        ) : null}
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {job ? (
        <div data-testid="import-progress">
          <Progress
            percent={job.status === 'done' ? 100 : percent}
            status={job.status === 'failed' ? 'exception' : undefined}
          />
          <Typography.Text>
            {job.status === 'failed'
              ? (job.error ?? t('materials.import.failed'))
              : job.status === 'done'
                ? t('materials.import.summary', {
                    created: job.created_count,
                    updated: job.updated_count,
                    unchanged: job.unchanged_count,
                    missing: job.missing_count,
                  })
                : t('materials.import.running', { processed: job.processed_rows, total: job.total_rows })}
          </Typography.Text>
        </div>
      ) : null}
    </Modal>
  );
}
