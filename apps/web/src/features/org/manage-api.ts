import type { TBranch, TDepartment, TDepartmentInput, TService } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint';
import { BRANCHES_KEY, DEPARTMENTS_KEY, SERVICES_KEY } from './api';

/** The management pages' changes to services, branches and departments. */
const manageApi = {
  addService: endpoint<TService>('POST', 'trademarks'),
  editService: endpoint<TService, number>('PUT', (id) => `trademarks/${id}`),
  deleteService: endpoint<void, number>('DELETE', (id) => `trademarks/${id}`),
  addBranch: endpoint<TBranch, number>('POST', (serviceId) => `trademarks/${serviceId}/branches`),
  editBranch: endpoint<TBranch, number>('PUT', (id) => `branches/${id}`),
  deleteBranch: endpoint<void, number>('DELETE', (id) => `branches/${id}`),
  addDepartment: endpoint<TDepartment>('POST', 'departments'),
  editDepartment: endpoint<TDepartment, number>('PUT', (id) => `departments/${id}`),
  deleteDepartment: endpoint<void, number>('DELETE', (id) => `departments/${id}`),
};

/** The fields of the service form as multipart (the file goes in `image`). */
export interface ServiceFormValues {
  name: string;
  websiteUrl: string;
  showOnHome: boolean;
  image: File | null;
  removeImage: boolean;
}

function serviceFormData(values: ServiceFormValues): FormData {
  const data = new FormData();
  data.set('name', values.name);
  data.set('websiteUrl', values.websiteUrl);
  data.set('showOnHome', String(values.showOnHome));
  data.set('removeImage', String(values.removeImage && !values.image));
  if (values.image) data.set('image', values.image);
  return data;
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: ServiceFormValues }) =>
      id
        ? manageApi.editService.call(id, { body: serviceFormData(values) })
        : manageApi.addService.call(undefined, { body: serviceFormData(values) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICES_KEY }),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => manageApi.deleteService.call(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICES_KEY }),
  });
}

export interface BranchFormValues {
  name: string;
  logo: File | null;
  removeLogo: boolean;
}

function branchFormData(values: BranchFormValues): FormData {
  const data = new FormData();
  data.set('name', values.name);
  data.set('removeLogo', String(values.removeLogo && !values.logo));
  if (values.logo) data.set('logo', values.logo);
  return data;
}

function useInvalidateBranches() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SERVICES_KEY }),
      queryClient.invalidateQueries({ queryKey: BRANCHES_KEY }),
      queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
    ]);
}

/** Adds a branch to `serviceId`, or edits branch `id`. */
export function useSaveBranch(serviceId: number) {
  const invalidate = useInvalidateBranches();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: BranchFormValues }) =>
      id
        ? manageApi.editBranch.call(id, { body: branchFormData(values) })
        : manageApi.addBranch.call(serviceId, { body: branchFormData(values) }),
    onSuccess: invalidate,
  });
}

export function useDeleteBranch() {
  const invalidate = useInvalidateBranches();
  return useMutation({
    mutationFn: (id: number) => manageApi.deleteBranch.call(id),
    onSuccess: invalidate,
  });
}

export function useSaveDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: TDepartmentInput }) =>
      id
        ? manageApi.editDepartment.call(id, { body: values })
        : manageApi.addDepartment.call(undefined, { body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
  });
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => manageApi.deleteDepartment.call(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
  });
}
