import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import bankCardsTexts from '../../../i18n/resources/bank-cards';
import { setApiNavigator } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { EMPTY_FORM } from '../utils/merchant-form-values';
import { EntryEditor } from './entry-editor';
import { NO_PHOTOS, photosOf } from './photos-step';
import { FILLED_FORM } from '../utils/merchant-form-fixtures';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn(() => Promise.resolve()) }));

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

const FILLED = FILLED_FORM;

function respond(rcode: number, msg: string, result: unknown = {}) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify({ rcode, msg, result }), { headers: { 'content-type': 'application/json' } }),
  );
}

function renderEditor(props: Partial<Parameters<typeof EntryEditor>[0]> = {}) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EntryEditor
          start="form"
          form={EMPTY_FORM}
          photos={NO_PHOTOS}
          merchantId={null}
          share={null}
          onClose={onClose}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose };
}

const photo = { image_id: 'abcdefgh1234', url: 'blob:x' };

const scrolled: string[] = [];

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no layout; the refused form brings its first message into view.
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.closest('.adm-list-item')?.textContent ?? this.textContent ?? '');
  };
  setApiNavigator(() => undefined);
  registerNamespace('bankCards', bankCardsTexts);
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the merchant entry editor', () => {
  it('names every empty field at the field and sends nothing', async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Holder cannot be empty')).toBeTruthy();
    expect(screen.getByText('Branch cannot be empty')).toBeTruthy();
    expect(screen.getByText('Store region cannot be empty')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    // The holder's row, four screens above the button on a phone, is brought into view.
    await waitFor(() => expect(scrolled[0]).toContain('Holder cannot be empty'));
  });

  it('asks for the bank before the branch list, then for the bank region', async () => {
    renderEditor();
    fireEvent.click(document.getElementById('bc-branch')!);
    expect(await screen.findByText('Please pick the bank first')).toBeTruthy();
  });

  it('sends other certificate types to support', async () => {
    renderEditor();
    fireEvent.click(screen.getByText('Passport'));
    expect(await screen.findByText('For this certificate type please contact support')).toBeTruthy();
  });

  it('keeps what was typed when the server refuses, and shows an unsupported bank at the card number', async () => {
    renderEditor({ form: FILLED });
    respond(1003, 'Unsupported bank, please change the bank card');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Unsupported bank, please change the bank card')).toBeTruthy();
    expect((document.getElementById('bc-card-number') as HTMLInputElement).value).toBe('6225 8800 0000 1234');
    expect((document.getElementById('bc-holder') as HTMLInputElement).value).toBe('张三');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/k/addBank');
    expect(JSON.parse(String(init.body))).toMatchObject({
      acct_no: '6225880000001234',
      bank_province: '440000',
    });
  });

  it('goes from the form to the photos, and back keeps the form', async () => {
    renderEditor({ form: FILLED });
    respond(0, 'OK', { merchant_id: '7', step: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Bank card front')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((await screen.findByDisplayValue('张三')).id).toBe('bc-holder');
  });

  it('resumes at the stored step: the photos, which all must be there before submitting', async () => {
    renderEditor({ start: 'photos', form: FILLED, merchantId: '7', photos: photosOf({ bank_z: photo }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Please upload all images')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('submits the six photos and shows the entry ID and the review days; back closes the editor', async () => {
    const all = photosOf({
      bank_z: photo,
      bank_f: photo,
      id_card_z: photo,
      id_card_f: photo,
      hold_id_card: photo,
      mendian: photo,
    });
    const { onClose } = renderEditor({ start: 'photos', form: FILLED, merchantId: '7', photos: all });
    respond(0, 'OK', { merchant_id: '7', step: 2 });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Entry ID: 7')).toBeTruthy();
    expect(screen.getByText('Staff review within 1-3 working days.')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/k/addBankImg');
    fireEvent.click(screen.getByRole('button', { name: 'Back to bank cards' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
