import type { Advert } from '@vendo/contract/api/adverts';
import { RCODE } from '@vendo/contract/rcodes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmAction } from '../../../components/dialog/confirm';
import { i18n } from '../../../i18n/i18n';
import { app, makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import AdvertScreen from './advert-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
// The person confirms: the call goes out.
vi.mock('../../../components/dialog/confirm', () => ({
  confirmAction: vi.fn(async () => true),
  confirmDelete: vi.fn(async ({ remove }: { remove: () => Promise<unknown> }) => {
    await remove();
    return true;
  }),
}));

const LIST = '/api/v1/b/getAdvert';
const ADD = '/api/v1/b/addAdvert';
const EDIT = '/api/v1/b/editAdvert';
const STATUS = '/api/v1/b/setAdvertStatus';
const DEL = '/api/v1/b/delAdvert';
const STORES = '/api/v1/u/getAllStore';
const MACHINES = '/api/v1/d/getDev';
const COUPONS = '/api/v1/b/getCoupon';
const IMAGES = '/api/v1/g/getImg';

const list = (data: unknown[], count = data.length) => ({ rcode: 0, result: { data, count } });
const store = (id: number, name: string) => ({
  _id: id,
  store_name: name,
  store_address: '',
  phone: '',
  remarks: '',
  area: { _id: 1, area_name: 'North' },
  dev_count: 1,
  prov: '',
  prov_code: '',
  city: '',
  city_code: '',
  s_area: '',
  s_area_code: '',
  manager: '',
  salesman: '',
  coop_start: '',
  coop_end: '',
  refund_mode: 'auto',
  client_code: '',
  mode: 'routine',
  coop_mode: '',
  create_time: 1,
});

function advert(overrides: Partial<Advert> = {}): Advert {
  return {
    advert_id: 7,
    name: 'Summer drinks',
    type: 1,
    scope: 'stores',
    store_ids: [2],
    sns: [],
    targets: [{ id: '2', name: 'Mall' }],
    image: '',
    text: 'Cold drinks at the Mall',
    link: 'https://example.com/summer',
    web_url: '',
    coupon_id: 0,
    coupon_name: '',
    app_id: '',
    placement_id: '',
    status: 0,
    create_time: Date.UTC(2026, 10, 20, 2),
    update_time: Date.UTC(2026, 10, 20, 2),
    ...overrides,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.mocked(confirmAction).mockClear();
});

describe('/advertisement', () => {
  it('lists each plan with status, type, scope and content; filters by status', async () => {
    answerWith({
      [LIST]: list(
        [
          advert(),
          advert({
            advert_id: 8,
            name: 'Banner',
            type: 2,
            scope: 'machines',
            store_ids: [],
            sns: ['18001'],
            targets: [{ id: '18001', name: 'Lobby' }],
            text: '',
            image: '/uploads/ab/x.png',
            status: 1,
          }),
        ],
        12,
      ),
    });
    renderScreen(makeUser(), '/advertisement', <AdvertScreen />);
    const card = await screen.findByRole('listitem', { name: 'Summer drinks' });
    expect(card.textContent).toContain('Disabled');
    expect(card.textContent).toContain('Text and link');
    expect(card.textContent).toContain('Chosen stores: Mall');
    expect(card.textContent).toContain('Cold drinks at the Mall');
    expect(card.textContent).toContain('https://example.com/summer');
    const banner = screen.getByRole('listitem', { name: 'Banner' });
    expect(banner.textContent).toContain('Enabled');
    expect(banner.textContent).toContain('Chosen machines: Lobby');
    expect(within(banner).getByRole('img', { name: 'Banner' })).toBeTruthy();
    expect(screen.getByText('Ad plans: 12')).toBeTruthy();
    expect(screen.getByRole('navigation')).toBeTruthy();
    fireEvent.click(screen.getAllByText('Enabled').find((el) => !el.closest('li'))!);
    await waitFor(() => expect(bodiesTo(LIST).at(-1)).toMatchObject({ condition: { status: 1 } }));
  });

  it('enables and disables after a confirmation, and deletes through confirmDelete', async () => {
    answerWith({
      [LIST]: list([advert(), advert({ advert_id: 8, name: 'On', status: 1 })]),
      [STATUS]: { rcode: 0, result: { advert_id: 7, status: 1 } },
      [DEL]: { rcode: 0, result: { advert_id: 7 } },
    });
    renderScreen(makeUser(), '/advertisement', <AdvertScreen />);
    const card = await screen.findByRole('listitem', { name: 'Summer drinks' });
    fireEvent.click(within(card).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(bodiesTo(STATUS)).toEqual([{ advert_id: 7, status: 1 }]));
    expect(vi.mocked(confirmAction).mock.calls[0]?.[0]).toMatchObject({ title: 'Enable the ad' });
    const on = screen.getByRole('listitem', { name: 'On' });
    fireEvent.click(within(on).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(bodiesTo(STATUS)[1]).toEqual({ advert_id: 8, status: 0 }));
    expect(vi.mocked(confirmAction).mock.calls[1]?.[0]).toMatchObject({
      title: 'Disable the ad',
      danger: true,
    });
    // Cancelled: nothing is sent.
    vi.mocked(confirmAction).mockResolvedValueOnce(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(vi.mocked(confirmAction).mock.calls).toHaveLength(3));
    expect(bodiesTo(STATUS)).toHaveLength(2);
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesTo(DEL)).toEqual([{ advert_id: 7 }]));
  });

  it('adds a plan: each rule at its field, the server refusal at its field, nothing typed lost', async () => {
    let refuse = true;
    answerWith({
      [LIST]: list([]),
      [STORES]: list([store(2, 'Mall')]),
      [MACHINES]: list([]),
      [COUPONS]: list([]),
      [IMAGES]: list([
        {
          img_id: 3,
          name: 'Beach',
          url: '/uploads/ab/beach.png',
          content_type: 'image/png',
          bytes: 9,
          create_time: 1,
        },
      ]),
      [ADD]: () =>
        refuse
          ? { rcode: RCODE.ADVERT_LINK_INVALID, msg: 'The link must be a proper URL (server)' }
          : { rcode: 0, result: { advert_id: 9 } },
    });
    renderScreen(makeUser(), '/advertisement', <AdvertScreen />);
    fireEvent.click((await screen.findAllByRole('button', { name: /New ad/ }))[0]!);
    const heading = await screen.findByRole('heading', { name: 'New ad' }, { timeout: 5000 });
    const form = heading.closest('form')!;
    const sheet = within(form);

    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#advert-name-error')?.textContent).toBe('Name cannot be empty');
    expect(bodiesTo(ADD)).toEqual([]);

    fireEvent.change(sheet.getByLabelText(/^Name/), { target: { value: 'Summer' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#advert-text-error')?.textContent).toBe('Enter the text of the ad');
    fireEvent.change(sheet.getByLabelText(/^Text/), { target: { value: 'Cold drinks' } });
    fireEvent.change(sheet.getByLabelText(/^Link/), { target: { value: 'example.com' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#advert-link-error')?.textContent).toBe(
      'The link must be a proper URL starting with http:// or https://',
    );

    // Image and link: the image is required and picked from the library; the text typed stays for later.
    fireEvent.click(sheet.getByText('Image and link'));
    fireEvent.change(sheet.getByLabelText(/^Link/), { target: { value: 'https://example.com/s' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#advert-image-error')?.textContent).toBe(
      'Pick the ad image from the image library',
    );
    fireEvent.click(sheet.getByRole('button', { name: 'Pick from the image library' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Beach' }, { timeout: 5000 }));
    await waitFor(() => expect(sheet.getByRole('button', { name: 'Change the image' })).toBeTruthy());

    // Scoped to chosen stores with none chosen: said at the scope.
    fireEvent.click(sheet.getByText('Chosen stores'));
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#advert-scope-error')?.textContent).toBe(
      'Choose at least one store or machine',
    );
    fireEvent.click(await sheet.findByText('Mall'));

    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(form.querySelector('#advert-link-error')?.textContent).toBe(
        'The link must be a proper URL (server)',
      ),
    );
    expect(bodiesTo(ADD)[0]).toEqual({
      name: 'Summer',
      type: 2,
      scope: 'stores',
      store_ids: [2],
      sns: [],
      image: '/uploads/ab/beach.png',
      text: '',
      link: 'https://example.com/s',
      web_url: '',
      coupon_id: 0,
      app_id: '',
      placement_id: '',
    });
    expect((sheet.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Summer');
    fireEvent.click(sheet.getByText('Text and link'));
    expect((sheet.getByLabelText(/^Text/) as HTMLInputElement).value).toBe('Cold drinks');
    fireEvent.click(sheet.getByText('Image and link'));
    refuse = false;
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo(ADD)).toHaveLength(2));
  });

  it('shows the app guide without a usable Advertisement app, and asks nothing', async () => {
    answerWith({});
    const user = makeUser();
    renderScreen(
      {
        ...user,
        appList: user.appList.map((a) =>
          a.app_module_name === 'Advertisement' ? app('Advertisement', 1) : a,
        ),
      },
      '/advertisement',
      <AdvertScreen />,
    );
    expect(await screen.findByText(/The Advertisements app is not active or has expired/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('edits a plan with its values in the form', async () => {
    answerWith({
      [LIST]: list([advert()]),
      [STORES]: list([store(2, 'Mall')]),
      [MACHINES]: list([]),
      [COUPONS]: list([]),
      [EDIT]: { rcode: 0, result: { advert_id: 7 } },
    });
    renderScreen(makeUser(), '/advertisement', <AdvertScreen />);
    const card = await screen.findByRole('listitem', { name: 'Summer drinks' });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const heading = await screen.findByRole('heading', { name: 'Edit the ad' }, { timeout: 5000 });
    const sheet = within(heading.closest('form')!);
    expect((sheet.getByLabelText(/^Text/) as HTMLInputElement).value).toBe('Cold drinks at the Mall');
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesTo(EDIT)[0]).toMatchObject({ advert_id: 7, type: 1, store_ids: [2], scope: 'stores' }),
    );
  });
});
