import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyProfileDto, UpdateCompanyProfileRequest, UpdateCompanySettingsRequest } from '@zunft/contracts';
import { companyApi } from './company.api';
import { subscriptionApi } from './subscription.api';

export const companyKeys = {
  profile: ['company', 'profile'] as const,
  settings: ['company', 'settings'] as const,
  subscription: ['subscription', 'status'] as const,
};

export function useCompanyProfileQuery() {
  return useQuery({ queryKey: companyKeys.profile, queryFn: ({ signal }) => companyApi.profile(signal) });
}

export function useCompanySettingsQuery() {
  return useQuery({ queryKey: companyKeys.settings, queryFn: ({ signal }) => companyApi.settings(signal) });
}

export function useSubscriptionStatusQuery() {
  return useQuery({ queryKey: companyKeys.subscription, queryFn: ({ signal }) => subscriptionApi.status(signal) });
}

export function useUpdateCompanyProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyProfileRequest) => companyApi.updateProfile(body),
    onSuccess: (profile) => client.setQueryData(companyKeys.profile, profile),
  });
}

export function useUpdateCompanySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanySettingsRequest) => companyApi.updateSettings(body),
    onSuccess: (settings) => client.setQueryData(companyKeys.settings, settings),
  });
}

export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => companyApi.uploadLogo(file),
    onSuccess: ({ logoUrl }) =>
      client.setQueryData<CompanyProfileDto>(companyKeys.profile, (old) => (old ? { ...old, logo_url: logoUrl } : old)),
    onSettled: () => client.invalidateQueries({ queryKey: companyKeys.profile }),
  });
}

export function useDeleteLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => companyApi.deleteLogo(),
    onSuccess: () =>
      client.setQueryData<CompanyProfileDto>(companyKeys.profile, (old) => (old ? { ...old, logo_url: null } : old)),
    onSettled: () => client.invalidateQueries({ queryKey: companyKeys.profile }),
  });
}
