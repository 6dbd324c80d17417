import type { Store } from '@vendo/contract/api/catalog';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../../components/test-antd';
import { i18n, registerNamespace } from '../../../../i18n/i18n';
import deviceSheetsTexts from '../../../../i18n/resources/device-sheets';
import { makeUser } from '../../../../lib/test-fixtures';
import { answerWith, fetchMock, renderScreen } from '../../../../testing/mock-api';
import { BasicSection } from './basic-section';
import type { SettingsForm } from './use-settings-form';

registerNamespace('deviceSheets', deviceSheetsTexts);

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  fetchMock.mockReset();
});

const STORE: Store = {
  _id: 1,
  store_name: 'Tech Park',
  store_address: '',
  phone: '',
  remarks: '',
  area: { _id: 7, area_name: 'Nanshan' },
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
};

/** The part of the settings form the section reads. */
function formAt(storeId: number | null): SettingsForm {
  return {
    values: { title: 'Lobby', store_id: storeId },
    errors: {},
    set: () => () => undefined,
  } as unknown as SettingsForm;
}

async function storeOptions(): Promise<string[]> {
  await waitFor(() => expect(screen.getByRole('option', { name: 'Tech Park' })).toBeTruthy());
  return screen.getAllByRole('option').map((option) => option.textContent ?? '');
}

describe("device settings' store picker", () => {
  it('offers "Not in a store" to the main account and to staff managing all stores', async () => {
    answerWith({ '/api/v1/u/getAllStore': { rcode: 0, result: { data: [STORE], count: 1 } } });
    renderScreen(makeUser(), '/deviceManage', <BasicSection form={formAt(1)} />);
    expect(await storeOptions()).toEqual(['Not in a store', 'Tech Park']);
  });

  it('does not offer staff limited to listed stores to take a machine out of their stores (the server refuses it)', async () => {
    answerWith({ '/api/v1/u/getAllStore': { rcode: 0, result: { data: [STORE], count: 1 } } });
    const staff = makeUser({ isMain: false, havePerms: [1023], allStores: false });
    renderScreen(staff, '/deviceManage', <BasicSection form={formAt(1)} />);
    expect(await storeOptions()).toEqual(['Tech Park']);
  });
});
