/** One GUID (any version, as z.guid() takes it): the source of a regular expression. */
export const guidSource = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
