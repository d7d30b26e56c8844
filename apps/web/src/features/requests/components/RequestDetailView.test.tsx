import type { RequestDetail } from '@mp/contract/api/requests';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RequestDetailView } from './RequestDetailView';

// Issue #31 item 20: the department sees what the ERP system needs of a request (the server answers erpCodes to the
// department only): the item the rush surcharge is booked on, the code the remark is filed under, a transport's
// item and appointment code. A customer's view (erpCodes null) shows no such block.

const request = (over: Partial<RequestDetail> = {}): RequestDetail => ({
  id: 'r1',
  requestNo: 'A-2026-000101',
  kind: 'order',
  status: 'submitted',
  locationNo: 'P-24002',
  locationDescription: 'Nieuwbouw school',
  requestedDate: '2026-11-27',
  expectedReturnDate: null,
  plannedDate: null,
  rush: true,
  collect: false,
  reference: null,
  requestedBy: 'Jeroen de Wit',
  lineCount: 0,
  totalAmount: 0,
  createdAt: '2026-11-23T08:00:00.000Z',
  updatedAt: '2026-11-23T08:00:00.000Z',
  transportMeans: 'leveren',
  destinationKind: 'work_address',
  depotNo: null,
  depotName: null,
  addressCode: 'WA01',
  addressName: 'Bouwkeet',
  street: 'Stationsweg 4',
  postcode: '3511 AB',
  city: 'Utrecht',
  contactPerson: 'Jeroen de Wit',
  phone: '06 12 34 56 01',
  origin: null,
  targetLocation: null,
  transport: null,
  comment: 'Poort aan de achterkant',
  erpCodes: { rushItemNo: 'SPOEDTOESLAG', commentCode: 'OPM-PORTAAL' },
  rejectionReason: null,
  termsAccepted: true,
  lines: [],
  history: [],
  allowedStatuses: [],
  erpStatus: 'not_connected',
  orders: [],
  ...over,
});

const fields = () =>
  within(screen.getByTestId('request-erp-codes'))
    .getAllByText(/.+/, { selector: 'p' })
    .map((p) => p.textContent);

describe('the ERP codes of a request', () => {
  it('shows the department the rush item and the remark code', () => {
    renderWithProviders(<RequestDetailView r={request()} />);
    expect(fields()).toEqual([
      'Voor het ERP-systeem',
      'Spoedtoeslag op artikel',
      'SPOEDTOESLAG',
      'Code van de opmerking',
      'OPM-PORTAAL',
    ]);
  });

  it("shows a transport's item and appointment code, and no code without its reason", () => {
    renderWithProviders(
      <RequestDetailView
        r={request({
          kind: 'transport',
          rush: false,
          comment: null,
          transport: {
            loadingFrom: '07:00',
            loadingUntil: '09:00',
            unloadingDate: '2026-11-27',
            unloadingFrom: '13:00',
            unloadingUntil: '16:00',
            cargo: '2 bouwketen',
            itemNo: 'TRANSPORT-01',
            appointmentCode: 'AFSPR',
          },
        })}
      />,
    );
    expect(fields()).toEqual([
      'Voor het ERP-systeem',
      'Transportartikel',
      'TRANSPORT-01',
      'Afspraakcode',
      'AFSPR',
    ]);
  });

  it('shows nothing of the kind to a customer, or when no code applies', () => {
    const { unmount } = renderWithProviders(<RequestDetailView r={request({ erpCodes: null })} />);
    expect(screen.queryByTestId('request-erp-codes')).toBeNull();
    unmount();
    renderWithProviders(
      <RequestDetailView r={request({ erpCodes: { rushItemNo: null, commentCode: null } })} />,
    );
    expect(screen.queryByTestId('request-erp-codes')).toBeNull();
  });
});

// Issue #33 point 3: the request shows where it is with the equipment department's system (the ERP's outbox).
describe("the request's way to the equipment department's system", () => {
  it('says nothing without an ERP', () => {
    renderWithProviders(<RequestDetailView r={request({ erpStatus: 'not_connected' })} />);
    expect(screen.queryByTestId('erp-status')).toBeNull();
  });

  it('says it is waiting, then sent', () => {
    const { unmount } = renderWithProviders(<RequestDetailView r={request({ erpStatus: 'waiting' })} />);
    expect(screen.getByTestId('erp-status').textContent).toBe(
      'Wacht op verzending naar het systeem van de materieeldienst',
    );
    unmount();
    renderWithProviders(<RequestDetailView r={request({ erpStatus: 'sent' })} />);
    expect(screen.getByTestId('erp-status').textContent).toBe(
      'Verzonden naar het systeem van de materieeldienst',
    );
  });

  it('says a dead-lettered request did not arrive, and whom to call with which number', () => {
    renderWithProviders(<RequestDetailView r={request({ erpStatus: 'failed' })} />);
    const line = screen.getByTestId('erp-status');
    expect(line.textContent).toContain('Niet aangekomen in het systeem van de materieeldienst');
    expect(line.textContent).toContain('Bel de materieeldienst en noem aanvraagnummer A-2026-000101');
  });
});
