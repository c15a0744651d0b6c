import type {
  TCertificate,
  TCertificateLayout,
  TCertificateVerification,
  TIssuedCertificate,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, apiList, downloadFile, type Query } from '../../lib/api';

export const CERTIFICATES_KEY = ['certificates'] as const;

export function useCertificateList(query: Query) {
  return useQuery({
    queryKey: [...CERTIFICATES_KEY, 'list', query],
    queryFn: () => apiList<TCertificate>('certificates', query),
    placeholderData: keepPreviousData,
  });
}

export function useIssuedCertificates(query: Query) {
  return useQuery({
    queryKey: [...CERTIFICATES_KEY, 'issued', query],
    queryFn: () => apiList<TIssuedCertificate>('issued-certificates', query),
    placeholderData: keepPreviousData,
  });
}

export interface UserCertificates {
  user: { id: number; employeeCode: string; fullName: string | null };
  certificates: TIssuedCertificate[];
}

/** A user's certificates (management certificate/{id}). */
export function useUserCertificates(userId: number) {
  return useQuery({
    queryKey: [...CERTIFICATES_KEY, 'user', userId],
    queryFn: () => api<UserCertificates>(`users/${userId}/certificates`),
    enabled: Number.isInteger(userId) && userId > 0,
  });
}

export function useMyCertificates() {
  return useQuery({
    queryKey: ['study', 'my-certificates'],
    queryFn: () => api<TIssuedCertificate[]>('my-certificates'),
  });
}

export function useVerification(code: string) {
  return useQuery({
    queryKey: [...CERTIFICATES_KEY, 'verify', code],
    queryFn: () => api<TCertificateVerification>(`certificates/verify/${encodeURIComponent(code)}`),
    retry: false,
  });
}

/** POST certificates (name + PDF) or PUT certificates/{id} (a new PDF is optional). */
export function useSaveCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, file }: { id: number | null; name: string; file: File | null }) => {
      const body = new FormData();
      body.append('name', name);
      if (file) body.append('file', file);
      return api<TCertificate>(id ? `certificates/${id}` : 'certificates', {
        method: id ? 'PUT' : 'POST',
        body,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CERTIFICATES_KEY }),
  });
}

export function useSaveLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, layout }: { id: number; layout: TCertificateLayout }) =>
      api<TCertificate>(`certificates/${id}/layout`, { method: 'PUT', body: layout }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CERTIFICATES_KEY }),
  });
}

export function useDeleteCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`certificates/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CERTIFICATES_KEY }),
  });
}

/** The template with a layout drawn on it, as an object URL of the PDF (caller revokes it). */
export async function previewUrl(id: number, layout: TCertificateLayout): Promise<string> {
  const response = await apiFetch(`certificates/${id}/preview`, {
    method: 'POST',
    body: { layout },
  });
  return URL.createObjectURL(await response.blob());
}

export const downloadIssued = (id: number) =>
  downloadFile(`issued-certificates/${id}/download`, undefined, 'certificate.pdf');
export const downloadMine = (id: number) =>
  downloadFile(`my-certificates/${id}/download`, undefined, 'certificate.pdf');
