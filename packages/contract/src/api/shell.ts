// Payloads of the v2 calls the shell (issue 3) uses. Server routes and the web client both import these.
import { z } from 'zod';
import { brandColourKeys } from '../rules/contrast.ts';
import { urlReference } from './common.ts';

export const localeSchema = z.enum(['nl-NL', 'en-US', 'fr-FR', 'de-DE']);

/** One project location the user belongs to (product §3 Location; v2 calls it plantLocation). */
export const plantLocation = z.object({
  id: z.string(),
  locationNo: z.string(),
  description: z.string(),
  description2: z.string().nullable(),
  blocked: z.boolean(),
  projectNo: z.string().nullable(),
  /** The user's role on the location: 'user', or 'administration' (read-only). */
  role: z.enum(['user', 'administration']),
  customerName: z.string().nullable(),
  /** Deregistration pending (decision 0023): closed automatically once its stock reaches zero. */
  deregistrationPending: z.boolean().optional(),
});
export type PlantLocation = z.infer<typeof plantLocation>;
/**
 * GET /api/v2.0/PlantLocations. `defaultLocationNo`: the location to choose when none is chosen yet (issue #36): the
 * user's only location, else the one they chose last while they still have it, else null.
 */
export const plantLocationList = z.object({
  plantLocations: z.array(plantLocation),
  defaultLocationNo: z.string().nullable().optional(),
});

/** GET /api/v2.0/CorporateIdentity (legacy AppSettings/GetCorporateIdentityImages) */
export const corporateIdentity = z.object({
  logoUrl: urlReference.nullable(),
  bannerUrl: urlReference.nullable(),
  faviconUrl: urlReference.nullable(),
});
export type CorporateIdentity = z.infer<typeof corporateIdentity>;

/** The settings the corporate-identity page edits (decision 0026): the colours, footer navigation and terms link. */
export const corporateIdentitySettingKeys = [
  ...brandColourKeys,
  'EnableFooterNavigation',
  'ShowTermsAndConditionsLink',
  'TermsAndConditionsUrl',
] as const;
export type CorporateIdentitySettingKey = (typeof corporateIdentitySettingKeys)[number];

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/**
 * PUT /api/v2.0/CorporateIdentity/Settings (admins, AppCorporateIdentity): any of those settings (PrimaryColorRgb
 * follows PrimaryColor). Colours below WCAG AA are refused (422 corporate_identity.contrast_te_laag, the pairs in
 * details) unless acceptLowContrast says the editor confirmed them.
 */
/**
 * The terms link: an http(s) address or nothing — the setting's own check, said in the document and used by the
 * page (host, optional port, path, query, fragment; no spaces, quotes or angle brackets).
 */
export const termsUrlPattern =
  /^(https?:\/\/[A-Za-z0-9.-]+(:\d{1,4})?(\/[A-Za-z0-9._~%!$&'()*+,;=:@/-]*)?(\?[A-Za-z0-9._~%!$&'()*+,;=:@/?-]*)?(#[A-Za-z0-9._~%!$&'()*+,;=:@/?-]*)?)?$/;

export const corporateIdentitySettingsUpdate = z.strictObject({
  values: z.strictObject({
    PrimaryColor: hexColour.optional(),
    PrimaryColorDarker: hexColour.optional(),
    PrimaryTextColor: hexColour.optional(),
    SecondaryColor: hexColour.optional(),
    SecondaryColorDarker: hexColour.optional(),
    SecondaryTextColor: hexColour.optional(),
    EnableFooterNavigation: z.boolean().optional(),
    ShowTermsAndConditionsLink: z.boolean().optional(),
    TermsAndConditionsUrl: z
      .string()
      .max(2000)
      .regex(termsUrlPattern, 'validation.ongeldig_formaat')
      .meta({ format: 'uri-reference' })
      .optional(),
  }),
  acceptLowContrast: z.boolean().optional(),
});
export type CorporateIdentitySettingsUpdate = z.infer<typeof corporateIdentitySettingsUpdate>;

/** GET /api/v2.0/Pages?locale= : the list; GET /api/v2.0/Pages/{id}?locale= : one page with its HTML. */
export const contentPageSummary = z.object({
  id: z.string(),
  pageName: z.string(),
  locale: localeSchema,
  kind: z.enum(['page', 'info', 'news']),
  publishedAt: z.string().nullable(),
});
export const contentPageList = z.object({ pages: z.array(contentPageSummary) });
export const contentPage = contentPageSummary.extend({ html: z.string() });
export type ContentPageSummary = z.infer<typeof contentPageSummary>;
export type ContentPage = z.infer<typeof contentPage>;
/** GET /api/v2.0/Pages/overview (admins): every page, drafts too, with the locales it has text in. */
export const contentPageOverviewItem = z.object({
  id: z.string(),
  /** The page's own (Dutch) name. */
  pageName: z.string(),
  kind: z.enum(['page', 'info', 'news']),
  publishedAt: z.string().nullable(),
  /** The last change of the page or any of its texts. */
  updatedAt: z.string(),
  translations: z.array(z.object({ locale: localeSchema, title: z.string(), updatedAt: z.string() })),
});
export const contentPageOverview = z.object({ pages: z.array(contentPageOverviewItem) });
export type ContentPageOverviewItem = z.infer<typeof contentPageOverviewItem>;

/** GET /api/v2.0/Footers?locale= (sanitized HTML, three columns). */
export const footerColumnName = z.enum(['footer_column_one', 'footer_column_two', 'footer_column_three']);
export const footerColumn = z.object({
  guidId: z.string(),
  locale: localeSchema,
  columnName: footerColumnName,
  html: z.string(),
});
export const footerList = z.object({ footers: z.array(footerColumn) });
export type FooterColumn = z.infer<typeof footerColumn>;

/** GET /api/v2.0/ServiceMessages?locale= (active messages; pageId opens the message's content page). */
export const serviceMessage = z.object({
  id: z.string(),
  locale: localeSchema,
  message: z.string(),
  pageId: z.string().nullable(),
  pageName: z.string().nullable(),
});
export type ServiceMessage = z.infer<typeof serviceMessage>;
/** A service message as admins manage it: the shape above plus its active window. */
export const serviceMessageAdmin = serviceMessage.extend({
  activeFrom: z.string(),
  activeUntil: z.string().nullable(),
});
/** The answer of GET ServiceMessages (active ones; with all=true, admins get every message). */
export const serviceMessageList = z.object({ serviceMessages: z.array(serviceMessageAdmin) });

/** GET /api/v2.0/Search/quicksearch?query=&locale= (spec: response list zoekResultaten). */
export const quickSearchResult = z.object({
  materieelSoort: z.string(),
  materieelOmschrijving: z.string(),
  isSet: z.boolean(),
  imageUrl: urlReference.nullable(),
  omschrijving: z.string(),
});
export const quickSearchResponse = z.object({ zoekResultaten: z.array(quickSearchResult) });
export type QuickSearchResult = z.infer<typeof quickSearchResult>;

/** POST /api/v2.0/statistics : one page view (when EnablePageTracking). */
export const pageViewInput = z.object({ page: z.string().min(1).max(300) });

/** GET /api/v2.0/AppConfig: the deployed build (the app offers a refresh when it changes). */
export const appConfig = z.object({
  angularEnabled: z.boolean(),
  /** An external login provider (OpenID Connect) is configured: the sign-in page offers its button. */
  externalLogin: z.boolean(),
  version: z.string(),
  buildId: z.string(),
});
export type AppConfig = z.infer<typeof appConfig>;
