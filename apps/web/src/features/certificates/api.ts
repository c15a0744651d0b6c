import type {
  TCertificate,
  TCertificateLayout,
  TCertificateVerification,
  TIssuedCertificate,
} from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, downloadFile, type Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { addOrEdit, useChange, usePagedList, validId } from '../../lib/queries';

export const CERTIFICATES_KEY = ['certificates'] as const;

export interface UserCertificates {
  user: { id: number; employeeCode: string; fullName: string | null };
  certificates: TIssuedCertificate[];
}

const certificatesApi = {
  list: listEndpoint<TCertificate>('certificates'),
  issued: listEndpoint<TIssuedCertificate>('issued-certificates'),
  ofUser: endpoint<UserCertificates, number>('GET', (userId) => `users/${userId}/certificates`),
  mine: endpoint<TIssuedCertificate[]>('GET', 'my-certificates'),
  verify: endpoint<TCertificateVerification, string>(
    'GET',
    (code) => `certificates/verify/${encodeURIComponent(code)}`,
  ),
  add: endpoint<TCertificate>('POST', 'certificates'),
  edit: endpoint<TCertificate, number>('PUT', (id) => `certificates/${id}`),
  saveLayout: endpoint<TCertificate, number>('PUT', (id) => `certificates/${id}/layout`),
  remove: endpoint<void, number>('DELETE', (id) => `certificates/${id}`),
};

export function useCertificateList(query: Query) {
  return usePagedList(CERTIFICATES_KEY, certificatesApi.list, query);
}

export function useIssuedCertificates(query: Query) {
  return usePagedList([...CERTIFICATES_KEY, 'issued'], certificatesApi.issued, query);
}

/** A user's certificates (management certificate/{id}). */
export function useUserCertificates(userId: number) {
  return useQuery({
    queryKey: [...CERTIFICATES_KEY, 'user', userId],
    queryFn: () => certificatesApi.ofUser.call(userId),
    enabled: validId(userId),
  });
}

export function useMyCertificates() {
  return useQuery({ queryKey: ['study', 'my-certificates'], queryFn: () => certificatesApi.mine.call() });
}

export function useVerification(code: string) {
  return useQuery({
    queryKey: [...CERTIFICATES_KEY, 'verify', code],
    queryFn: () => certificatesApi.verify.call(code),
    retry: false,
  });
}

const saveCertificate = addOrEdit<TCertificate, FormData>(certificatesApi.add, certificatesApi.edit);

/** POST certificates (name + PDF) or PUT certificates/{id} (a new PDF is optional). */
export function useSaveCertificate() {
  return useChange(({ id, name, file }: { id: number | null; name: string; file: File | null }) => {
    const body = new FormData();
    body.append('name', name);
    if (file) body.append('file', file);
    return saveCertificate({ id, body });
  }, CERTIFICATES_KEY);
}

export function useSaveLayout() {
  return useChange(
    ({ id, layout }: { id: number; layout: TCertificateLayout }) =>
      certificatesApi.saveLayout.call(id, { body: layout }),
    CERTIFICATES_KEY,
  );
}

export function useDeleteCertificate() {
  return useChange((id: number) => certificatesApi.remove.call(id), CERTIFICATES_KEY);
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
