import { bindDevice } from '@vendo/contract/api/devices';
import { TEXT_MAX } from '@vendo/contract/constants';
import { BIND_DEVICE_TYPES, DEVICE_TYPE_LABELS, type BindDeviceType } from '@vendo/contract/enums';
import { checkBindFields } from '@vendo/contract/validation';
import { List } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { FormSubmit } from '../../../components/form/form-submit';
import { useForm } from '../../../components/form/use-form';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import devicesTexts from '../../../i18n/resources/devices';
import { errorText } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { useUserInfo } from '../../../lib/session';
import { checkWithSchema, validationText } from '../../../lib/validation';
import { useBindDevice } from '../api/bind-device';
import {
  bindInfoFromParams,
  clearBindInfo,
  readBindInfo,
  saveBindInfo,
  type BindInfo,
} from '../utils/bind-link';
import './devices.css';

registerNamespace('devices', devicesTexts);

function BindForm({ info }: { info: BindInfo }) {
  const { t } = useTranslation('devices');
  const locale = currentLocale();
  const navigate = useNavigate();
  const bind = useBindDevice();
  const { values, set, errors, setErrors, check, message, setMessage } = useForm<{
    title: string;
    type: BindDeviceType | '';
  }>({ title: '', type: '' });
  // A second tap while the first bind is on its way is ignored (spec §4), even before the button re-renders.
  const busy = useRef(false);

  // Any edit also takes away the message of the last try.
  const edit =
    <K extends 'title' | 'type'>(name: K) =>
    (value: (typeof values)[K]) => {
      set(name)(value);
      setMessage(null);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const body = { clientid: info.clientid, sign: info.sign, title: values.title.trim(), type: values.type };
    const empty = checkBindFields(body);
    if (empty) {
      setErrors({});
      setMessage(validationText(empty, locale));
      return;
    }
    setMessage(null);
    const labels = { title: t('bind.name'), type: t('bind.type') };
    if (!check(checkWithSchema(bindDevice.request, body, locale, labels) ?? {})) return;
    busy.current = true;
    try {
      await bind.mutateAsync(body);
      clearBindInfo();
      toast(t('bind.success'), { icon: 'success' });
      void navigate('/deviceManage', { replace: true });
    } catch (error) {
      setMessage(t('bind.failed', { reason: errorText(error) }));
    } finally {
      busy.current = false;
    }
  };

  return (
    <form
      className="dv-bind"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('bind.title')}
    >
      <p className="dv-intro">{t('bind.intro')}</p>
      <List mode="card" className="dv-form">
        <Field id="bind-sn" label={t('bind.sn')}>
          <span id="bind-sn" className="dv-readonly">
            <span className="dv-sn">{info.sn || t('info.unknown')}</span>
            <LockOutline aria-label={t('bind.readOnly')} />
          </span>
        </Field>
        <InputField
          id="bind-title"
          label={t('bind.name')}
          required
          description={t('bind.nameRule')}
          error={errors.title}
          value={values.title}
          onChange={edit('title')}
          placeholder={t('bind.namePlaceholder')}
          maxLength={TEXT_MAX.name}
        />
      </List>
      <fieldset className="dv-fieldset dv-fieldset-card">
        <legend>
          {t('bind.type')}
          <span className="dv-required" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="dv-chips dv-type-chips" role="radiogroup" aria-label={t('bind.type')}>
          {BIND_DEVICE_TYPES.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={values.type === value}
              className="chip dv-chip"
              onClick={() => edit('type')(value)}
            >
              {DEVICE_TYPE_LABELS[value][locale]}
            </button>
          ))}
        </div>
        {errors.type ? (
          <p className="field-error" role="alert">
            {errors.type}
          </p>
        ) : null}
      </fieldset>
      <div className="dv-bind-actions">
        <FormSubmit message={message} submitting={bind.isPending}>
          {t('bind.submit')}
        </FormSubmit>
      </div>
    </form>
  );
}

/**
 * /bind (spec §2): a bind link's clientid, sn and sign are stored and the page comes back at a clean /bind; without
 * them the stored ones are used, and with neither the person goes to /bindError.
 */
export default function BindScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useUserInfo();
  const search = params.toString();
  const fromLink = bindInfoFromParams(params);
  // Read on every render: the same screen stays mounted when it drops the query from the address.
  const stored = fromLink ? null : readBindInfo();

  useEffect(() => {
    const link = bindInfoFromParams(new URLSearchParams(search));
    if (link) {
      saveBindInfo(link);
      void navigate('/bind', { replace: true });
    } else if (!readBindInfo()) {
      void navigate('/bindError', { replace: true });
    }
  }, [search, navigate]);

  if (!user || !stored) return null;
  return (
    <div className="page dv-page">
      <BindForm info={stored} />
    </div>
  );
}
