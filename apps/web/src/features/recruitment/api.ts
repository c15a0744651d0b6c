import type {
  TApplication,
  TApplicationReceipt,
  TRecruitmentBranch,
  TRecruitmentPost,
  TRecruitmentPostDetail,
  TRecruitmentPostRow,
  TRecruitmentPostSummary,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, apiList, downloadFile, type Query } from '../../lib/api';

const PUBLIC_KEY = ['recruitment', 'public'] as const;
const POSTS_KEY = ['recruitment', 'posts'] as const;
const APPLICATIONS_KEY = ['recruitment', 'applications'] as const;

const validId = (id: number | undefined): id is number => id !== undefined && Number.isInteger(id) && id > 0;

// ---- Public ----------------------------------------------------------------------------------

/** GET recruitment: open posts unless `status` says otherwise. */
export function usePublicPosts(query: Query) {
  return useQuery({
    queryKey: [...PUBLIC_KEY, 'list', query],
    queryFn: () => apiList<TRecruitmentPostSummary>('recruitment', query),
    placeholderData: keepPreviousData,
  });
}

/** Branches that have posts (the public branch filter). */
export function useRecruitmentBranches() {
  return useQuery({
    queryKey: [...PUBLIC_KEY, 'branches'],
    queryFn: () => api<TRecruitmentBranch[]>('recruitment/branches'),
    staleTime: 60_000,
  });
}

export function usePublicPost(id: number | undefined) {
  return useQuery({
    queryKey: [...PUBLIC_KEY, 'post', id],
    queryFn: () => api<TRecruitmentPostDetail>(`recruitment/${id}`),
    enabled: validId(id),
    retry: false,
  });
}

export type ApplicationValues = {
  fullName: string;
  email: string;
  phone: string;
  message?: string | null;
  homepage?: string;
  cv: File;
  applicationForm?: File | null;
};

/** POST recruitment/{id}/apply (multipart). */
export function useApply(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: ApplicationValues) => {
      const form = new FormData();
      form.append('fullName', values.fullName);
      form.append('email', values.email);
      form.append('phone', values.phone);
      form.append('message', values.message ?? '');
      form.append('homepage', values.homepage ?? '');
      form.append('cv', values.cv, values.cv.name);
      if (values.applicationForm)
        form.append('applicationForm', values.applicationForm, values.applicationForm.name);
      // Uploads get more time than ordinary calls.
      return api<TApplicationReceipt>(`recruitment/${postId}/apply`, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(120_000),
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: POSTS_KEY }),
  });
}

// ---- Management: posts ------------------------------------------------------------------------

export function usePostList(query: Query) {
  return useQuery({
    queryKey: [...POSTS_KEY, 'list', query],
    queryFn: () => apiList<TRecruitmentPostRow>('recruitment-posts', query),
    placeholderData: keepPreviousData,
  });
}

export function usePost(id: number | undefined) {
  return useQuery({
    queryKey: [...POSTS_KEY, 'one', id],
    queryFn: () => api<TRecruitmentPost>(`recruitment-posts/${id}`),
    enabled: validId(id),
    retry: false,
  });
}

/** The post form as sent: strings for text and numbers, files beside. */
export type PostPayload = Record<string, string>;
export type PostFilesPayload = { banner: File | null; applicationForm: File | null };

export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields, files }: { id?: number; fields: PostPayload; files: PostFilesPayload }) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      if (files.banner) form.append('banner', files.banner, files.banner.name);
      if (files.applicationForm)
        form.append('applicationForm', files.applicationForm, files.applicationForm.name);
      return api<TRecruitmentPost>(id ? `recruitment-posts/${id}` : 'recruitment-posts', {
        method: id ? 'PUT' : 'POST',
        body: form,
        signal: AbortSignal.timeout(120_000),
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['recruitment'] }),
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`recruitment-posts/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['recruitment'] }),
  });
}

// ---- Management: applications -----------------------------------------------------------------

export function useApplications(postId: number | undefined, query: Query) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'list', postId, query],
    queryFn: () => apiList<TApplication>(`recruitment-posts/${postId}/applications`, query),
    enabled: validId(postId),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: number | undefined) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'one', id],
    queryFn: () => api<TApplication>(`recruitment-applications/${id}`),
    enabled: validId(id),
    retry: false,
  });
}

/** The CV's bytes (fetched with the bearer token; never a public URL). */
export function useCvBytes(id: number | undefined) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'cv', id],
    queryFn: async () =>
      new Uint8Array(await (await apiFetch(`recruitment-applications/${id}/cv`)).arrayBuffer()),
    enabled: validId(id),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useReviewApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'disapprove' }) =>
      api<TApplication>(`recruitment-applications/${id}/${decision}`, { method: 'POST' }),
    onSuccess: (application) => {
      client.setQueryData([...APPLICATIONS_KEY, 'one', application.id], application);
      void client.invalidateQueries({ queryKey: APPLICATIONS_KEY });
      void client.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
}

export function useDeleteApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`recruitment-applications/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['recruitment'] }),
  });
}

export function useExportApplications() {
  return useMutation({
    mutationFn: ({ postId, query }: { postId: number; query: Query }) =>
      downloadFile(`recruitment-posts/${postId}/applications/export`, query, 'applications.xlsx'),
  });
}

/** Saves a guarded file (CV, filled form) under its own name. */
export function useDownload() {
  return useMutation({ mutationFn: (path: string) => downloadFile(path) });
}
