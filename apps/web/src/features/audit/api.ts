import type { TAuditEvent } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { downloadFile, type Query } from '../../lib/api';
import { listEndpoint } from '../../lib/endpoint';

const auditEvents = listEndpoint<TAuditEvent>('audit-events');

/** GET audit-events: one page of the trail, newest first (admins only). */
export function useAuditEvents(query: Query) {
  return useQuery({
    queryKey: ['audit-events', query],
    queryFn: () => auditEvents.call(undefined, query),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered trail as .xlsx. */
export function useExportAudit() {
  return useMutation({
    mutationFn: (query: Query) => downloadFile('audit-events/export', query, 'audit-log.xlsx'),
  });
}
