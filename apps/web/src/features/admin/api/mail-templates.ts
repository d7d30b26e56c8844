import type { MailTemplateInput } from '@mp/contract/api/mail-templates';
import type { Locale } from '@mp/contract/i18n/locales';
import type { MailTemplateType } from '@mp/contract/rules/mail-templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';

const mailTemplateKeys = { all: ['mail-templates'] as const };

const at = (type: MailTemplateType, locale: Locale) =>
  `/MailTemplates/${pathParam('type', type)}/${pathParam('locale', locale)}`;

/** GET /api/v2.0/MailTemplates (admins): every mail type, its placeholders and its text per language. */
export function useMailTemplates() {
  return useQuery({
    queryKey: mailTemplateKeys.all,
    queryFn: async ({ signal }) =>
      (await api.get('/MailTemplates', { signal, answer: (c) => c.mailTemplates.mailTemplateList }))?.types ??
      [],
  });
}

export interface MailTemplateTarget {
  type: MailTemplateType;
  locale: Locale;
}

/** PUT …/{type}/{locale}: stores the text (the server cleans it and checks its placeholders). */
export function useSaveMailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, locale, input }: MailTemplateTarget & { input: MailTemplateInput }) =>
      api.put(at(type, locale), input, { answer: (c) => c.mailTemplates.mailTemplate }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailTemplateKeys.all }),
  });
}

/** DELETE …/{type}/{locale}: back to the default text. */
export function useResetMailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, locale }: MailTemplateTarget) =>
      api.delete(at(type, locale), { answer: (c) => c.mailTemplates.mailTemplate }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailTemplateKeys.all }),
  });
}

/** POST …/preview: the unsaved text with sample values, as a reader gets it. */
export function usePreviewMailTemplate() {
  return useMutation({
    mutationFn: ({ type, locale, input }: MailTemplateTarget & { input: MailTemplateInput }) =>
      api.post(`${at(type, locale)}/preview`, input, { answer: (c) => c.mailTemplates.mailTemplatePreview }),
  });
}

/** POST …/test: the unsaved text, with sample values, to the administrator's own address. */
export function useSendTestMail() {
  return useMutation({
    mutationFn: ({ type, locale, input }: MailTemplateTarget & { input: MailTemplateInput }) =>
      api.post(`${at(type, locale)}/test`, input, { answer: (c) => c.mailTemplates.mailTemplateTestAnswer }),
  });
}
