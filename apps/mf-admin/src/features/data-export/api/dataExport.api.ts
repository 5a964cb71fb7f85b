import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportDto, LatestDataExportDto } from '@zunft/contracts';
import { api } from '@zunft/web-common';

/** «Alle Daten exportieren» (issue 26): billing's /data-exports routes, admin only. */
export const dataExportApi = {
  latest: (signal?: AbortSignal) => api.get<LatestDataExportDto>('/data-exports/latest', { signal }),
  start: () => api.post<DataExportDto>('/data-exports'),
  /** The ZIP; a large company's takes a while, so the wait is long. */
  download: (id: string) => api.blob(`/data-exports/${id}/download`, { timeoutMs: 10 * 60_000 }),
};

export const dataExportKeys = { latest: ['company', 'data-export', 'latest'] as const };

/** The newest export; polled every 2 s while it runs. */
export function useLatestDataExport() {
  return useQuery({
    queryKey: dataExportKeys.latest,
    queryFn: ({ signal }) => dataExportApi.latest(signal),
    refetchInterval: (query) => (query.state.data?.export?.status === 'running' ? 2000 : false),
  });
}

export function useStartDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dataExportApi.start,
    onSuccess: (started) => client.setQueryData<LatestDataExportDto>(dataExportKeys.latest, { export: started }),
  });
}

/** Saves a downloaded file under `name` (the browser's own download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
