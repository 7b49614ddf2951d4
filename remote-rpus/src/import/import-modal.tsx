import {
  Alert,
  Button,
  type Credential,
  es,
  MAX_IMPORT_ROWS,
  Modal,
  ModalActions,
  type RpuBulkCreateResponse,
  refreshRpusAndCredentials,
  rpusApi,
  Spinner,
  Stack,
  TextField,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError } from '../rpus/use-rpu-mutations';
import { rpusText } from '../text';
import { analyseImportFile } from './analyse-in-worker';
import { ImportPreviewTables, ImportResultTable } from './import-preview';
import { toImportRows } from './import-request';
import type { ImportFileErrorCode, ImportPreview } from './import-rows';

const text = rpusText.import;

// Written when a file fails, not as the screen loads: formatting the row limit loads the locale's
// number data, about 45 ms of the services screen's start (issue 18).
const fileErrorMessage = (code: ImportFileErrorCode): string =>
  code === 'tooManyRows' ? text.fileErrors.tooManyRows(MAX_IMPORT_ROWS) : text.fileErrors[code];

type Step =
  | { kind: 'choose'; error: string | null }
  | { kind: 'reading' }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'result'; preview: ImportPreview; result: RpuBulkCreateResponse };

/**
 * Import from CSV or XLSX: the file is read and checked off the page's thread, the user sees the
 * rows to import and the dropped ones with their reason, confirms, and gets the answer per row.
 */
export function ImportModal({ credentials, onClose }: { credentials: Credential[]; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'choose', error: null });
  // A new key gives a fresh file input, so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const send = useMutation({
    mutationFn: (preview: ImportPreview) => rpusApi.importRows({ rows: toImportRows(preview.rows) }),
    onSuccess: async (result, preview) => {
      setStep({ kind: 'result', preview, result });
      await refreshRpusAndCredentials();
    },
    onError: toastError,
  });

  const read = async (file: File | undefined) => {
    if (!file) return;
    setStep({ kind: 'reading' });
    try {
      const analysis = await analyseImportFile(
        file,
        credentials.map((credential) => credential.cfe_user),
      );
      setStep(
        analysis.ok
          ? { kind: 'preview', preview: analysis.preview }
          : { kind: 'choose', error: fileErrorMessage(analysis.error) },
      );
    } catch {
      setStep({ kind: 'choose', error: text.fileErrors.unreadable });
    }
  };

  const chooseAnother = () => {
    setStep({ kind: 'choose', error: null });
    setInputKey((key) => key + 1);
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !send.isPending && onClose()}
      title={step.kind === 'result' ? text.resultTitle : text.title}
      description={step.kind === 'choose' ? text.description : undefined}
      width={step.kind === 'preview' || step.kind === 'result' ? 960 : 560}
    >
      {step.kind === 'choose' ? (
        <Stack>
          {step.error ? <Alert tone="danger">{step.error}</Alert> : null}
          <TextField
            key={inputKey}
            label={text.file}
            hint={text.fileHint}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => void read(event.target.files?.[0])}
          />
          <ModalActions>
            <Button variant="secondary" onClick={onClose}>
              {es.common.cancel}
            </Button>
          </ModalActions>
        </Stack>
      ) : null}

      {step.kind === 'reading' ? (
        <p role="status" aria-live="polite">
          <Spinner size={16} decorative /> {text.reading}
        </p>
      ) : null}

      {step.kind === 'preview' ? (
        <>
          <ImportPreviewTables preview={step.preview} />
          <ModalActions>
            <Button variant="ghost" onClick={onClose} disabled={send.isPending}>
              {es.common.cancel}
            </Button>
            <Button variant="secondary" onClick={chooseAnother} disabled={send.isPending}>
              {text.chooseAnother}
            </Button>
            <Button
              onClick={() => send.mutate(step.preview)}
              loading={send.isPending}
              disabled={step.preview.rows.length === 0}
            >
              {send.isPending ? text.importing : text.confirm(step.preview.rows.length)}
            </Button>
          </ModalActions>
        </>
      ) : null}

      {step.kind === 'result' ? (
        <>
          <Alert tone={step.result.invalid > 0 ? 'warning' : 'success'}>
            {text.resultSummary(step.result.created, step.result.duplicates, step.result.invalid)}
          </Alert>
          <br />
          <ImportResultTable results={step.result.results} rows={step.preview.rows} />
          <ModalActions>
            <Button onClick={onClose}>{text.done}</Button>
          </ModalActions>
        </>
      ) : null}
    </Modal>
  );
}
