import { deriveLocale, languageCodes, localeCodes, refs } from './entities-rental.ts';
import { type EntityDef, f } from './entity-types.ts';

/**
 * The custom API pages of what goes between the portal and the ERP besides the catalogue and the sites: what the
 * portal sends (rental requests with their lines, location requests, complaints with their messages), the portal's
 * users and their locations (SyncGebruikers), and the deletions a delta sync reads (deletedRecords).
 */

const { item, plant, projectLocation, depot, customer } = refs;

export const requestTypes = ['Order', 'Removal', 'Relocation', 'Transport'] as const;
export const requestStatuses = [
  'Received',
  'InProgress',
  'Planned',
  'Done',
  'Cancelled',
  'Rejected',
] as const;

const finalRequestStatuses = ['Done', 'Cancelled', 'Rejected'];

/**
 * What a client may do to a request's status: move it on (the portal's department takes, plans, rejects, carries out
 * or cancels it) while it is not final, never back to 'Received'.
 */
function validateRequestChange(next: Record<string, unknown>, prev: Record<string, unknown> | undefined) {
  if (!prev) {
    if (next.status !== undefined && next.status !== 'Received')
      return "A new rental request has status 'Received'.";
    return null;
  }
  if (next.status === prev.status) return null;
  if (next.status === 'Received') return "The status cannot be changed back to 'Received'.";
  if (finalRequestStatuses.includes(String(prev.status)))
    return `The rental request is '${prev.status}' and can no longer be changed to '${next.status}'.`;
  return null;
}

export const exchangeEntities: EntityDef[] = [
  {
    set: 'rentalRequests',
    type: 'rentalRequest',
    api: 'rental',
    lookups: [
      {
        from: 'projectLocationNumber',
        to: 'customerNumber',
        set: 'projectLocations',
        by: 'number',
        take: 'customerNumber',
      },
    ],
    key: ['externalDocumentNumber'],
    writable: true,
    webhooks: true,
    validate: validateRequestChange,
    expand: { rentalRequestLines: { set: 'rentalRequestLines', field: 'documentId' } },
    fields: {
      id: f.id(),
      externalDocumentNumber: f.str({ unique: true, required: true, maxLength: 35 }),
      requestType: f.oneOf(requestTypes, { required: true }),
      status: f.oneOf(requestStatuses),
      projectLocationNumber: f.str({ required: true, refers: projectLocation }),
      customerNumber: f.ro('string'),
      requestedDate: f.date({ required: true }),
      expectedReturnDate: f.date(),
      transportMeans: f.str(),
      collect: f.bool(),
      rush: f.bool(),
      destinationType: f.oneOf(['', 'WorkAddress', 'Depot', 'OtherAddress']),
      locationCode: f.str({ refers: depot }),
      workAddressCode: f.str(),
      targetProjectLocationNumber: f.str({ refers: projectLocation }),
      shipToName: f.str(),
      shipToAddressLine1: f.str(),
      shipToPostCode: f.str(),
      shipToCity: f.str(),
      shipToContact: f.str(),
      shipToPhoneNumber: f.str(),
      originWorkAddressCode: f.str(),
      originAddressLine1: f.str(),
      originPostCode: f.str(),
      originCity: f.str(),
      originContact: f.str(),
      originPhoneNumber: f.str(),
      loadingFrom: f.time(),
      loadingUntil: f.time(),
      unloadingDate: f.date(),
      unloadingFrom: f.time(),
      unloadingUntil: f.time(),
      cargo: f.str(),
      transportItemNumber: f.str(),
      appointmentCode: f.str(),
      rushItemNumber: f.str(),
      commentCode: f.str(),
      reference: f.str(),
      comment: f.str(),
      requestedBy: f.str(),
      requestedAt: f.moment(),
      plannedDate: f.date(),
      rejectionReason: f.str(),
      salesOrderNumber: f.ro('string'),
      lastModifiedDateTime: f.modified(),
    },
    defaults: {
      status: 'Received',
      collect: false,
      rush: false,
      destinationType: '',
      locationCode: '',
      targetProjectLocationNumber: '',
      salesOrderNumber: '',
    },
  },
  {
    set: 'rentalRequestLines',
    type: 'rentalRequestLine',
    api: 'rental',
    key: ['documentId', 'sequence'],
    parent: { set: 'rentalRequests', field: 'documentId' },
    writable: true,
    webhooks: false,
    validate: (next) => (Number(next.quantity) > 0 ? null : 'The quantity must be greater than 0.'),
    fields: {
      id: f.id(),
      documentId: f.guid({ required: true }),
      sequence: f.int(),
      parentSequence: f.int(),
      itemNumber: f.str({ refers: item }),
      setNumber: f.str(),
      plantNumber: f.str({ refers: plant }),
      quantity: f.dec({ required: true }),
      comment: f.str(),
    },
    defaults: { parentSequence: 0, itemNumber: '', setNumber: '', plantNumber: '' },
  },
  {
    set: 'projectLocationRequests',
    type: 'projectLocationRequest',
    api: 'rental',
    key: ['externalDocumentNumber'],
    writable: true,
    webhooks: true,
    fields: {
      id: f.id(),
      externalDocumentNumber: f.str({ unique: true, required: true, maxLength: 35 }),
      customerNumber: f.str({ refers: customer }),
      description: f.str({ required: true }),
      description2: f.str(),
      projectNumber: f.str(),
      addressLine1: f.str(),
      postalCode: f.str(),
      city: f.str(),
      startDate: f.date(),
      endDate: f.date(),
      comment: f.str(),
      requestedBy: f.str(),
      status: f.oneOf(['Open', 'Approved', 'Rejected'], { readOnly: true }),
      projectLocationNumber: f.ro('string'),
      rejectReason: f.ro('string'),
      lastModifiedDateTime: f.modified(),
    },
    defaults: { status: 'Open', customerNumber: '', projectLocationNumber: '', rejectReason: '' },
  },
  {
    set: 'complaints',
    type: 'complaint',
    api: 'rental',
    key: ['externalDocumentNumber'],
    writable: true,
    webhooks: true,
    expand: { complaintMessages: { set: 'complaintMessages', field: 'documentId' } },
    fields: {
      id: f.id(),
      externalDocumentNumber: f.str({ unique: true, required: true, maxLength: 35 }),
      projectLocationNumber: f.str({ required: true, refers: projectLocation }),
      type: f.str({ required: true }),
      subject: f.str({ required: true }),
      itemNumber: f.str({ refers: item }),
      plantNumber: f.str({ refers: plant }),
      orderNumber: f.str(),
      invoiceNumber: f.str(),
      status: f.oneOf(['Open', 'InProgress', 'Resolved', 'Closed']),
      expectedResolutionDate: f.date(),
      requestedBy: f.str(),
      lastModifiedDateTime: f.modified(),
    },
    defaults: { status: 'Open', itemNumber: '', plantNumber: '', orderNumber: '', invoiceNumber: '' },
  },
  {
    set: 'complaintMessages',
    type: 'complaintMessage',
    api: 'rental',
    key: ['documentId', 'sequence'],
    parent: { set: 'complaints', field: 'documentId' },
    writable: true,
    webhooks: false,
    fields: {
      id: f.id(),
      documentId: f.guid({ required: true }),
      sequence: f.int(),
      author: f.oneOf(['User', 'Department']),
      message: f.str({ required: true }),
      createdAt: f.ro('datetime'),
    },
    defaults: { author: 'User' },
  },
  {
    set: 'portalUsers',
    type: 'portalUser',
    api: 'rental',
    key: ['email'],
    writable: true,
    webhooks: true,
    expand: { locations: { set: 'portalUserLocations', field: 'userId' } },
    fields: {
      id: f.id(),
      email: f.str({ unique: true, required: true }),
      name: f.str({ required: true }),
      kind: f.oneOf(['Internal', 'External']),
      customerNumber: f.str({ refers: customer }),
      languageCode: f.oneOf(languageCodes),
      locale: f.oneOf(localeCodes, { readOnly: true }),
      phoneNumber: f.str(),
      blocked: f.bool(),
      lastModifiedDateTime: f.modified(),
    },
    derive: deriveLocale,
    defaults: { kind: 'External', customerNumber: '', languageCode: 'NLD', phoneNumber: '', blocked: false },
  },
  {
    set: 'portalUserLocations',
    type: 'portalUserLocation',
    api: 'rental',
    key: ['userId', 'projectLocationNumber'],
    parent: { set: 'portalUsers', field: 'userId' },
    writable: true,
    webhooks: true,
    lookups: [{ from: 'userId', to: 'userEmail', set: 'portalUsers', by: 'id', take: 'email' }],
    fields: {
      id: f.id(),
      userId: f.guid({ required: true }),
      userEmail: f.ro('string'),
      projectLocationNumber: f.str({ required: true, refers: projectLocation }),
      role: f.oneOf(['User', 'Administration']),
      lastModifiedDateTime: f.modified(),
    },
    defaults: { role: 'User' },
  },
  {
    set: 'deletedRecords',
    type: 'deletedRecord',
    api: 'rental',
    key: ['deletedAt'],
    writable: false,
    webhooks: true,
    fields: {
      id: f.id(),
      entityName: f.str(),
      systemId: f.guid(),
      deletedAt: f.moment(),
      lastModifiedDateTime: f.modified(),
    },
  },
];
