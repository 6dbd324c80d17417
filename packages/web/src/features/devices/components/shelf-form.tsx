import type { Channel, PushOutcome } from '@vendo/contract/api/devices';
import { DIFFICULTIES, DIFFICULTY_LABELS, type Difficulty } from '@vendo/contract/enums';
import { centsToYuan, formatMoney } from '@vendo/contract/money';
import { DotLoading, List, SearchBar, Switch } from 'antd-mobile';
import { CheckOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import type { FieldErrors } from '../../../lib/validation';
import { useGoodsOptions } from '../api/get-goods-options';
import { useSetChannelInfo } from '../api/set-channel-info';
import { FormSubmit } from '../../../components/form/form-submit';
import { hasErrors } from '../../../components/form/use-form';
import { SheetFrame } from '../../../components/sheet/sheet';
import { failureOf } from '../utils/outcome';
import { shelfBody, shelfToForm, type ShelfFormValues } from '../utils/shelf-form-values';
import { Field, fieldAria } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { FailureStatus } from './push-status';
import { BackLink } from './back-link';

interface PickedGoods {
  goods_id: number;
  goods_name: string;
  price: number;
}

/** Goods to put on the shelf: a search over the merchant's goods, and "none" to leave it empty. */
function GoodsPicker({
  current,
  onPick,
  onBack,
  onClose,
}: {
  current: number | null;
  onPick: (goods: PickedGoods | null) => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const [search, setSearch] = useState('');
  const goods = useGoodsOptions(search, true);
  const list = goods.data?.data ?? [];
  return (
    <SheetFrame title={t('shelfForm.pickGoods')} onClose={onClose} tall>
      <BackLink label={t('back')} onBack={onBack} />
      <div className="dv-picker-search">
        <SearchBar
          placeholder={t('shelfForm.searchGoods')}
          onSearch={(value) => setSearch(value.trim())}
          onClear={() => setSearch('')}
        />
      </div>
      <ul className="dv-pick-list">
        <li>
          <button
            type="button"
            className="dv-pick"
            aria-pressed={current === null}
            onClick={() => onPick(null)}
          >
            <span className="muted">{t('shelfForm.noGoods')}</span>
            {current === null ? <CheckOutline aria-hidden="true" /> : null}
          </button>
        </li>
        {list.map((g) => (
          <li key={g.goods_id}>
            <button
              type="button"
              className="dv-pick"
              aria-pressed={current === g.goods_id}
              onClick={() => onPick({ goods_id: g.goods_id, goods_name: g.goods_name, price: g.price })}
            >
              <span>{g.goods_name}</span>
              <span className="dv-pick-extra">
                {formatMoney(g.price, locale)}
                {current === g.goods_id ? <CheckOutline aria-hidden="true" /> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {goods.isPending ? (
        <div className="dv-state" role="status">
          <DotLoading color="primary" />
        </div>
      ) : goods.isError ? (
        <p className="dv-note">{t('shelfForm.goodsFailed', { reason: failureOf(goods.error).msg })}</p>
      ) : list.length === 0 ? (
        <p className="dv-note">{search ? t('noMatch') : t('shelfForm.goodsNone')}</p>
      ) : null}
    </SheetFrame>
  );
}

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
  const [values, setValues] = useState<ShelfFormValues>(() => shelfToForm(shelf));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ rcode: number; msg: string } | null>(null);
  const [picking, setPicking] = useState(false);

  const set =
    <K extends keyof ShelfFormValues & string>(name: K) =>
    (value: ShelfFormValues[K]) => {
      setValues((prev) => ({ ...prev, [name]: value }));
      // Quantity and capacity are checked against each other: a change to one settles both.
      const linked = name === 'quantity' || name === 'capacity' ? ['quantity', 'capacity'] : [name];
      setErrors((prev) => {
        const next = { ...prev };
        for (const field of linked) delete next[field];
        return next;
      });
    };

  const pickGoods = (goods: PickedGoods | null) => {
    setValues((prev) => {
      if (!goods) return { ...prev, goods_id: null, goods_name: '' };
      const unpriced = !prev.price.trim() || prev.price.trim() === '0.00';
      return {
        ...prev,
        goods_id: goods.goods_id,
        goods_name: goods.goods_name,
        // A new shelf takes the goods' name and price; a shelf already named and priced keeps its own.
        name: prev.name.trim() ? prev.name : goods.goods_name.slice(0, 50),
        price: unpriced ? centsToYuan(goods.price) : prev.price,
        game_price:
          !prev.game_price.trim() || prev.game_price.trim() === '0.00'
            ? centsToYuan(goods.price)
            : prev.game_price,
      };
    });
    setErrors((prev) => ({ ...prev, name: undefined, price: undefined, game_price: undefined }));
    setPicking(false);
  };

  const submit = async () => {
    const { body, errors: found } = shelfBody(values, { sn, id: shelf.id }, locale);
    setErrors(found);
    if (hasErrors(found)) return;
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
          maxLength={50}
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
          description={t('rules.price')}
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
          description={t('rules.price')}
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
          onChange={set('quantity')}
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
          onChange={set('capacity')}
          clearable={false}
        />
        <InputField
          id="shelf-probability"
          label={t('shelfForm.probability')}
          required
          description={t('rules.winRate')}
          error={errors.probability}
          extra={<span className="dv-unit">%</span>}
          inputMode="numeric"
          value={values.probability}
          onChange={set('probability')}
          clearable={false}
        />
        <Field id="shelf-difficulty" label={t('shelfForm.difficulty')} error={errors.difficulty}>
          <select
            id="shelf-difficulty"
            className="dv-select"
            value={values.difficulty}
            onChange={(event) => set('difficulty')(event.target.value as Difficulty)}
          >
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {DIFFICULTY_LABELS[d][locale]}
              </option>
            ))}
          </select>
        </Field>
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
