import type { Channel, PushOutcome } from '@vendo/contract/api/devices';
import { TEXT_MAX } from '@vendo/contract/constants';
import { List, Switch } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '../../../components/form/field';
import { FormSubmit } from '../../../components/form/form-submit';
import { InputField } from '../../../components/form/input-field';
import { useForm } from '../../../components/form/use-form';
import { SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { useSetChannelInfo } from '../api/set-channel-info';
import { failureOf, type CallOutcome } from '../utils/outcome';
import { shelfBody, shelfToForm, withGoods, type ShelfFormValues } from '../utils/shelf-form-values';
import { BackLink } from './back-link';
import { DifficultyField } from './difficulty-field';
import { GoodsPicker, type PickedGoods } from './goods-picker';
import { useRuleHints } from './rule-hints';
import { FailureStatus } from './push-status';

interface ShelfFormProps {
  sn: string;
  shelf: Channel;
  subtitle: string;
  /** Back to the list of shelves. */
  onBack: () => void;
  /** Closes the whole sheet. */
  onClose: () => void;
  onSaved: (push: PushOutcome) => void;
}

/** Edits one shelf with every rule of spec §5 shown under its field, then pushes it to the machine. */
export function ShelfForm({ sn, shelf, subtitle, onBack, onClose, onSaved }: ShelfFormProps) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const save = useSetChannelInfo();
  const rules = useRuleHints();
  const { values, errors, set, update, check } = useForm<ShelfFormValues>(() => shelfToForm(shelf));
  const [failure, setFailure] = useState<CallOutcome | null>(null);
  const [picking, setPicking] = useState(false);

  // Quantity and capacity are checked against each other: a change to one settles both.
  const setCount = (name: 'quantity' | 'capacity') => (value: string) =>
    update((prev) => ({ ...prev, [name]: value }), ['quantity', 'capacity']);

  const pickGoods = (goods: PickedGoods | null) => {
    update((prev) => withGoods(prev, goods), ['name', 'price', 'game_price']);
    setPicking(false);
  };

  const submit = async () => {
    const { body, errors: found } = shelfBody(values, { sn, id: shelf.id }, locale, {
      name: t('shelfForm.name'),
      price: t('shelfForm.price'),
      game_price: t('shelfForm.gamePrice'),
      quantity: t('shelfForm.quantity'),
      capacity: t('shelfForm.capacity'),
      probability: t('shelfForm.probability'),
    });
    if (!check(found)) return;
    setFailure(null);
    try {
      const answer = await save.mutateAsync(body);
      toast(t('saved'), { icon: 'success' });
      onSaved(answer.push);
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  if (picking) {
    return (
      <GoodsPicker
        current={values.goods_id}
        onPick={pickGoods}
        onBack={() => setPicking(false)}
        onClose={onClose}
      />
    );
  }

  return (
    <SheetFrame
      title={t('shelfForm.title', { n: shelf.channel_sn })}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      tall
      footer={
        <>
          {failure ? <FailureStatus title={t('shelves.failed')} {...failure} /> : null}
          <FormSubmit submitting={save.isPending}>{t('save')}</FormSubmit>
        </>
      }
    >
      <BackLink label={t('shelves.title')} onBack={onBack} />
      <p className="dv-subtitle">{subtitle}</p>
      <List mode="card" className="dv-form">
        <InputField
          id="shelf-name"
          label={t('shelfForm.name')}
          required
          description={t('rules.name')}
          error={errors.name}
          value={values.name}
          onChange={set('name')}
          maxLength={TEXT_MAX.name}
        />
        <Field
          id="shelf-goods"
          label={t('shelfForm.goods')}
          description={t('rules.goods')}
          error={errors.goods_id}
        >
          <button
            type="button"
            id="shelf-goods"
            className="picker-trigger"
            onClick={() => setPicking(true)}
            {...fieldAria('shelf-goods', errors.goods_id)}
          >
            {values.goods_id !== null ? (
              values.goods_name
            ) : (
              <span className="picker-placeholder">{t('shelfForm.noGoods')}</span>
            )}
            <RightOutline aria-hidden="true" />
          </button>
        </Field>
        <InputField
          id="shelf-price"
          label={t('shelfForm.price')}
          required
          description={rules.price}
          error={errors.price}
          extra={<span className="dv-unit">{t('yuan')}</span>}
          inputMode="decimal"
          value={values.price}
          onChange={set('price')}
          clearable={false}
        />
        <InputField
          id="shelf-game-price"
          label={t('shelfForm.gamePrice')}
          required
          description={rules.price}
          error={errors.game_price}
          extra={<span className="dv-unit">{t('yuan')}</span>}
          inputMode="decimal"
          value={values.game_price}
          onChange={set('game_price')}
          clearable={false}
        />
        <InputField
          id="shelf-quantity"
          label={t('shelfForm.quantity')}
          required
          description={t('rules.quantity')}
          error={errors.quantity}
          inputMode="numeric"
          value={values.quantity}
          onChange={setCount('quantity')}
          clearable={false}
        />
        <InputField
          id="shelf-capacity"
          label={t('shelfForm.capacity')}
          required
          description={t('rules.capacity')}
          error={errors.capacity}
          inputMode="numeric"
          value={values.capacity}
          onChange={setCount('capacity')}
          clearable={false}
        />
        <InputField
          id="shelf-probability"
          label={t('shelfForm.probability')}
          required
          description={rules.winRate}
          error={errors.probability}
          extra={<span className="dv-unit">%</span>}
          inputMode="numeric"
          value={values.probability}
          onChange={set('probability')}
          clearable={false}
        />
        <DifficultyField
          id="shelf-difficulty"
          label={t('shelfForm.difficulty')}
          error={errors.difficulty}
          value={values.difficulty}
          onChange={set('difficulty')}
        />
        <List.Item
          className="field dv-field"
          description={<span className="dv-hint">{t('rules.enabled')}</span>}
          extra={
            <Switch
              checked={values.enabled}
              onChange={set('enabled')}
              aria-labelledby="shelf-enabled-label"
            />
          }
          arrowIcon={false}
        >
          <span className="field-label" id="shelf-enabled-label">
            {t('shelfForm.enabled')}
          </span>
        </List.Item>
      </List>
    </SheetFrame>
  );
}
