import { placeholdersOf } from './translations.ts';

/**
 * The mails an administrator words per language (/settings/mail-templates, spec §3 "Mail types", plus the order
 * confirmation). Each lists the `{{placeholders}}` its sender fills in: a template may use these and no other
 * (an unknown one would reach the reader as an empty gap), checked in the browser and on the server.
 */
export const mailTemplateTypes = [
  'UserInvitation',
  'UserForgotPassword',
  'NewUserRequest',
  'NewPlantLocationRequest',
  'UnsubscribePlantLocation',
  'OrderConfirmation',
  'IdleDigest',
] as const;
export type MailTemplateType = (typeof mailTemplateTypes)[number];

export const mailTemplatePlaceholders: Record<MailTemplateType, readonly string[]> = {
  UserInvitation: ['name', 'email', 'link', 'url', 'hours', 'portal', 'portalUrl'],
  UserForgotPassword: ['name', 'email', 'link', 'url', 'minutes', 'portal', 'portalUrl'],
  NewUserRequest: ['name', 'email', 'phone', 'company', 'comment', 'language', 'link', 'portal', 'portalUrl'],
  NewPlantLocationRequest: ['name', 'email', 'location', 'address', 'comment', 'link', 'portal'],
  UnsubscribePlantLocation: ['name', 'location', 'date', 'count', 'comment', 'link', 'portal'],
  OrderConfirmation: [
    'requestNo',
    'name',
    'location',
    'kind',
    'date',
    'returnDate',
    'address',
    'contact',
    'phone',
    'reference',
    'comment',
    'rush',
    'lines',
    'link',
    'portal',
  ],
  /** The weekly digest of idle equipment (decision 0034); {{lines}} is the list, {{unsubscribe}} the signed link. */
  IdleDigest: ['name', 'location', 'count', 'days', 'lines', 'link', 'unsubscribe', 'portal'],
};

export const isMailTemplateType = (value: string): value is MailTemplateType =>
  (mailTemplateTypes as readonly string[]).includes(value);

/** The placeholders of `text` that the mail type does not fill in, as written (`{{name}}`), sorted. */
export function unknownMailPlaceholders(type: MailTemplateType, text: string): string[] {
  const known = new Set(mailTemplatePlaceholders[type]);
  return placeholdersOf(text)
    .filter((p) => !known.has(p))
    .map((p) => `{{${p}}}`);
}
