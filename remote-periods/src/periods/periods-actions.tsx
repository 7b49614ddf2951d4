import {
  Button,
  ConfirmDialog,
  type DownloadProgress,
  type DownloadType,
  downloadTypeOptions,
  familyKey,
  formatPercent,
  isCancelled,
  mexicoCityToday,
  type PeriodsFilters,
  ProgressBar,
  periodsApi,
  Row,
  SelectField,
  saveDownloadedFile,
  toast,
} from '@luz/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { periodsText } from '../text';
import { toastError } from './use-periods';

const text = periodsText.actions;

const Panel = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const Scope = styled.p`
  margin: 0;
  flex-basis: 100%;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const TypeField = styled.div`
  width: 160px;
`;

const Progress = styled.div`
  flex-basis: 100%;
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  font-size: ${({ theme }) => theme.font.size.sm};
  > div:first-child { flex: 1; }
`;

function progressLabel(progress: DownloadProgress | null): string {
  if (!progress) return text.zipPreparing;
  if (progress.total) return text.zipProgress(formatPercent((progress.loaded / progress.total) * 100));
  return text.zipProgressUnknown((progress.loaded / 1e6).toFixed(1));
}

/**
 * Downloads and deletion for /periods. With rows selected they act on the selection; otherwise
 * the downloads take every period that matches the filters (the API streams them).
 */
export function PeriodsActions({
  filters,
  selectedIds,
  total,
  totalCapped = false,
  onClearSelection,
  scope,
}: {
  filters: PeriodsFilters;
  selectedIds: string[];
  total: number;
  /** More than `total` periods match (the list's count stopped there). */
  totalCapped?: boolean | undefined;
  onClearSelection: () => void;
  /** What the downloads take when nothing is selected, in words (default: the filtered periods). */
  scope?: string;
}) {
  const queryClient = useQueryClient();
  const [downloadType, setDownloadType] = useState<DownloadType>(-1);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [confirming, setConfirming] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const selection = selectedIds.length > 0 ? { period_ids: selectedIds } : filters;

  const zip = useMutation({
    mutationFn: () => {
      abort.current = new AbortController();
      setProgress(null);
      return periodsApi.zip(
        { ...selection, download_type: downloadType },
        { onProgress: setProgress, signal: abort.current.signal },
      );
    },
    onSuccess: (file) => {
      saveDownloadedFile(file, periodsText.fileNames.zip(mexicoCityToday()));
      toast.success(text.zipDone);
    },
    onError: (error) => (isCancelled(error) ? toast.info(text.cancelled) : toastError(error)),
    onSettled: () => {
      abort.current = null;
      setProgress(null);
    },
  });

  const csv = useMutation({
    mutationFn: () => periodsApi.csv(selection),
    onSuccess: (file) => {
      saveDownloadedFile(file, periodsText.fileNames.csv(mexicoCityToday()));
      toast.success(text.csvDone);
    },
    onError: toastError,
  });

  const remove = useMutation({
    mutationFn: () => periodsApi.remove({ period_ids: selectedIds }),
    onSuccess: ({ affected }) => {
      toast.success(text.deleted(affected));
      setConfirming(false);
      onClearSelection();
    },
    onError: toastError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKey('periods') }),
  });

  const count = selectedIds.length > 0 ? selectedIds.length : total;
  const nothing = count === 0;

  return (
    <Panel aria-label={text.label}>
      <Scope role="status">
        {selectedIds.length > 0
          ? text.scopeSelected(selectedIds.length)
          : (scope ?? text.scopeFiltered(total, totalCapped))}
      </Scope>
      <Row>
        <TypeField>
          <SelectField
            label={text.documents}
            value={String(downloadType)}
            options={downloadTypeOptions.map((option) => ({
              value: String(option.value),
              label: option.label,
            }))}
            onChange={(event) => setDownloadType(Number(event.target.value) as DownloadType)}
            disabled={zip.isPending}
          />
        </TypeField>
        <Button onClick={() => zip.mutate()} loading={zip.isPending} disabled={nothing}>
          {text.zip}
        </Button>
        <Button variant="secondary" onClick={() => csv.mutate()} loading={csv.isPending} disabled={nothing}>
          {csv.isPending ? text.csvPreparing : text.csv}
        </Button>
      </Row>
      {selectedIds.length > 0 ? (
        <Row>
          <Button variant="ghost" onClick={onClearSelection}>
            {text.clearSelection}
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {text.delete}
          </Button>
        </Row>
      ) : null}
      {zip.isPending ? (
        <Progress>
          <div>
            <ProgressBar
              value={progress?.total ? (progress.loaded / progress.total) * 100 : 0}
              label={progressLabel(progress)}
            />
          </div>
          <span aria-live="polite">{progressLabel(progress)}</span>
          <Button size="sm" variant="secondary" onClick={() => abort.current?.abort()}>
            {text.cancel}
          </Button>
        </Progress>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.deleteTitle(selectedIds.length)}
        description={text.deleteDescription}
        confirmLabel={text.delete}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Panel>
  );
}
