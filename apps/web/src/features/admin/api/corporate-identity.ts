import type { CorporateIdentitySettingsUpdate, FooterColumn } from '@mp/contract/api/shell';
import type { Locale } from '@mp/contract/i18n/locales';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { corporateIdentityKeys } from '../../../shared/api/get-corporate-identity';
import { settingsKeys } from '../../../shared/api/get-settings';

export type CorporateSlot = 'logo' | 'banner' | 'favicon';
export type FooterColumnName = FooterColumn['columnName'];
export const footerColumnNames: FooterColumnName[] = [
  'footer_column_one',
  'footer_column_two',
  'footer_column_three',
];

/** The footer's queries start with 'footers' (features/content/api/get-footers.ts): the shell's footer refetches. */
const footersRoot = ['footers'] as const;
const adminFooters = (locale: Locale) => [...footersRoot, 'admin', locale] as const;

/** PUT /api/v2.0/CorporateIdentity/Settings: colours and footer settings; the shell's theme follows at once. */
export function useSaveCorporateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorporateIdentitySettingsUpdate) =>
      api.put('/CorporateIdentity/Settings', body, { answer: (c) => c.common.noContent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

/** POST /api/v2.0/CorporateIdentity/Images/{slot} (field `file`); logo, banner and favicon refetch. */
export function useUploadCorporateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slot, file }: { slot: CorporateSlot; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post(`/CorporateIdentity/Images/${pathParam('slot', slot)}`, form, {
        answer: (c) => c.images.imageSetResult,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: corporateIdentityKeys.all }),
  });
}

/** DELETE /api/v2.0/CorporateIdentity/Images/{slot}: back to the default. */
export function useRemoveCorporateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: CorporateSlot) =>
      api.delete(`/CorporateIdentity/Images/${pathParam('slot', slot)}`, {
        answer: (c) => c.common.noContent,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: corporateIdentityKeys.all }),
  });
}

/** GET /api/v2.0/Footers?locale=: a column the locale lacks comes back in nl-NL (its `locale` says so). */
export function useFootersOf(locale: Locale) {
  return useQuery({
    queryKey: adminFooters(locale),
    queryFn: async ({ signal }) =>
      (
        await api.get('/Footers', {
          query: { locale },
          signal,
          answer: (c) => c.shell.footerList,
        })
      )?.footers ?? [],
  });
}

/** PUT /api/v2.0/Footers: one column of one locale (the server sanitises); the shell's footer refetches. */
export function useSaveFooter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { locale: Locale; columnName: FooterColumnName; html: string }) =>
      api.put('/Footers', body, { answer: (c) => c.shell.footerColumn }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: footersRoot }),
  });
}
