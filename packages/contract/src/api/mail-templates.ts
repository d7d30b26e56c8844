// Payloads of the MailTemplates calls (v2, admins): the mails an administrator words per language.
import { z } from 'zod';
import { locales } from '../i18n/locales.ts';
import { mailTemplateTypes } from '../rules/mail-templates.ts';

export const mailTemplateType = z.enum(mailTemplateTypes);
export const mailTemplateLocale = z.enum(locales);
export const mailTemplateParams = z.object({ type: mailTemplateType, locale: mailTemplateLocale });

/** One type in one language: the stored text, or the product's default when none is stored (`isDefault`). */
export const mailTemplate = z.object({
  type: mailTemplateType,
  locale: mailTemplateLocale,
  subject: z.string(),
  html: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type MailTemplate = z.infer<typeof mailTemplate>;

/** GET /api/v2.0/MailTemplates: every type with the placeholders it fills in and its text per language. */
export const mailTemplateList = z.object({
  types: z.array(
    z.object({
      type: mailTemplateType,
      placeholders: z.array(z.string()),
      templates: z.array(mailTemplate),
    }),
  ),
});
export type MailTemplateList = z.infer<typeof mailTemplateList>;

// why: a subject is one header line; a control character (CR/LF above all) would inject headers
const subject = z
  .string()
  .trim()
  .min(1, 'validation.verplicht')
  .max(200)
  .regex(/^[^\p{Cc}]*$/u, 'validation.ongeldig_formaat');
// a text that is blank once cleaned is the server's refusal (validation.verplicht on html)
const html = z.string().min(1, 'validation.verplicht').max(100_000);

/** PUT …/{type}/{locale}, POST …/preview and …/test: the text as the admin wrote it. */
export const mailTemplateInput = z.object({ subject, html }).strict();
export type MailTemplateInput = z.infer<typeof mailTemplateInput>;

/** POST …/preview: the mail as a reader gets it, with sample values. */
export const mailTemplatePreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type MailTemplatePreview = z.infer<typeof mailTemplatePreview>;

/** POST …/test (202): sent to the signed-in administrator. */
export const mailTemplateTestAnswer = z.object({ to: z.string() });
