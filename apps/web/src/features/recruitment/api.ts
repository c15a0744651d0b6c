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
import { apiFetch, downloadFile, type Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { addOrEdit, useChange, usePagedList, useRecord, validId } from '../../lib/queries';

const RECRUITMENT_KEY = ['recruitment'] as const;
const PUBLIC_KEY = ['recruitment', 'public'] as const;
const POSTS_KEY = ['recruitment', 'posts'] as const;
const APPLICATIONS_KEY = ['recruitment', 'applications'] as const;
/** Uploads get more time than ordinary calls. */
const UPLOAD_TIMEOUT_MS = 120_000;

const recruitmentApi = {
  publicPosts: listEndpoint<TRecruitmentPostSummary>('recruitment'),
  branches: endpoint<TRecruitmentBranch[]>('GET', 'recruitment/branches'),
  publicPost: endpoint<TRecruitmentPostDetail, number>('GET', (id) => `recruitment/${id}`),
  apply: endpoint<TApplicationReceipt, number>('POST', (postId) => `recruitment/${postId}/apply`),
  posts: listEndpoint<TRecruitmentPostRow>('recruitment-posts'),
  post: endpoint<TRecruitmentPost, number>('GET', (id) => `recruitment-posts/${id}`),
  addPost: endpoint<TRecruitmentPost>('POST', 'recruitment-posts'),
  editPost: endpoint<TRecruitmentPost, number>('PUT', (id) => `recruitment-posts/${id}`),
  removePost: endpoint<void, number>('DELETE', (id) => `recruitment-posts/${id}`),
  applications: listEndpoint<TApplication, number>((postId) => `recruitment-posts/${postId}/applications`),
  application: endpoint<TApplication, number>('GET', (id) => `recruitment-applications/${id}`),
  review: endpoint<TApplication, { id: number; decision: 'approve' | 'disapprove' }>(
    'POST',
    ({ id, decision }) => `recruitment-applications/${id}/${decision}`,
  ),
  removeApplication: endpoint<void, number>('DELETE', (id) => `recruitment-applications/${id}`),
};

// ---- Public ----------------------------------------------------------------------------------

/** GET recruitment: open posts unless `status` says otherwise. */
export function usePublicPosts(query: Query) {
  return usePagedList(PUBLIC_KEY, recruitmentApi.publicPosts, query);
}

/** Branches that have posts (the public branch filter). */
export function useRecruitmentBranches() {
  return useQuery({
    queryKey: [...PUBLIC_KEY, 'branches'],
    queryFn: () => recruitmentApi.branches.call(),
    staleTime: 60_000,
  });
}

export function usePublicPost(id: number | undefined) {
  return useQuery({
    queryKey: [...PUBLIC_KEY, 'post', id],
    queryFn: () => recruitmentApi.publicPost.call(id as number),
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
  return useChange((values: ApplicationValues) => {
    const form = new FormData();
    form.append('fullName', values.fullName);
    form.append('email', values.email);
    form.append('phone', values.phone);
    form.append('message', values.message ?? '');
    form.append('homepage', values.homepage ?? '');
    form.append('cv', values.cv, values.cv.name);
    if (values.applicationForm)
      form.append('applicationForm', values.applicationForm, values.applicationForm.name);
    return recruitmentApi.apply.call(postId, { body: form, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
  }, POSTS_KEY);
}

// ---- Management: posts ------------------------------------------------------------------------

export function usePostList(query: Query) {
  return usePagedList(POSTS_KEY, recruitmentApi.posts, query);
}

export function usePost(id: number | undefined) {
  return useRecord(POSTS_KEY, recruitmentApi.post, id, { retry: false });
}

const savePost = addOrEdit<TRecruitmentPost, FormData>(recruitmentApi.addPost, recruitmentApi.editPost);

/** The post form as sent: strings for text and numbers, files beside. */
export type PostPayload = Record<string, string>;
export type PostFilesPayload = { banner: File | null; applicationForm: File | null };

export function useSavePost() {
  return useChange(({ id, fields, files }: { id?: number; fields: PostPayload; files: PostFilesPayload }) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    if (files.banner) body.append('banner', files.banner, files.banner.name);
    if (files.applicationForm)
      body.append('applicationForm', files.applicationForm, files.applicationForm.name);
    return savePost({ id, body });
  }, RECRUITMENT_KEY);
}

export function useDeletePost() {
  return useChange((id: number) => recruitmentApi.removePost.call(id), RECRUITMENT_KEY);
}

// ---- Management: applications -----------------------------------------------------------------

export function useApplications(postId: number | undefined, query: Query) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'list', postId, query],
    queryFn: () => recruitmentApi.applications.call(postId as number, query),
    enabled: validId(postId),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: number | undefined) {
  return useRecord(APPLICATIONS_KEY, recruitmentApi.application, id, { retry: false });
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
    mutationFn: (review: { id: number; decision: 'approve' | 'disapprove' }) =>
      recruitmentApi.review.call(review),
    onSuccess: (application) => {
      client.setQueryData([...APPLICATIONS_KEY, 'one', application.id], application);
      void client.invalidateQueries({ queryKey: APPLICATIONS_KEY });
      void client.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
}

export function useDeleteApplication() {
  return useChange((id: number) => recruitmentApi.removeApplication.call(id), RECRUITMENT_KEY);
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
