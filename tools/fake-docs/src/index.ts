/** The fake document service's public face (docs/erp/document-service.md, "The fake"). */
export type { FakeDocument, NewFakeDocument } from './repository.ts';
export { folderOf, ROOT_FOLDER } from './repository.ts';
export { type FakeDocs, type FakeDocsOptions, type RequestCounts, startFakeDocs } from './server.ts';
