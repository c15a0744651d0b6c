import type {
  TXapiCredential,
  TXapiCredentialCreated,
  TXapiCredentialInput,
  TXapiStatementRow,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile, type Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';

const KEYS = ['xapi-credentials'] as const;

/** The learning record store's endpoints for administrators (issue 26). */
export const xapiApi = {
  keys: endpoint<TXapiCredential[]>('GET', 'xapi/credentials'),
  addKey: endpoint<TXapiCredentialCreated>('POST', 'xapi/credentials'),
  revokeKey: endpoint<void, number>('DELETE', (id) => `xapi/credentials/${id}`),
  statements: listEndpoint<TXapiStatementRow>('xapi/statements'),
};

/** The integrations' keys (never their secrets). */
export function useLrsKeys() {
  return useQuery({ queryKey: KEYS, queryFn: () => xapiApi.keys.call() });
}

/** Makes a key; the answer holds its secret, shown once. */
export function useAddLrsKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: TXapiCredentialInput) => xapiApi.addKey.call(undefined, { body: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

/** Revokes a key: it stops working at once. */
export function useRevokeLrsKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => xapiApi.revokeKey.call(id),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

/** One page of stored statements, newest first. */
export function useLrsStatements(query: Query) {
  return useQuery({
    queryKey: ['xapi-statements', query],
    queryFn: () => xapiApi.statements.call(undefined, query),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered statements: a workbook (xlsx) or the statements as stored (json). */
export function useExportLrsStatements() {
  return useMutation({
    mutationFn: ({ format, query }: { format: 'xlsx' | 'json'; query: Query }) =>
      downloadFile('xapi/statements/export', { ...query, format }, `xapi-statements.${format}`),
  });
}
