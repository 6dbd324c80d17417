import {
  getMchByBankNo,
  SPLIT_ACCOUNTS_MAX,
  SPLIT_FIELD_LABELS,
  SPLIT_PAY_CHANNEL_LABELS,
  SPLIT_PAY_CHANNELS,
  type SplitConfig,
  type SplitPayChannel,
} from '@vendo/contract/api/splits';
import type { CallResult } from '@vendo/contract/api/call';
import { Button, Input, List, type InputRef } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceField } from '../../../components/form/choice-field';
import { Field, fieldAria, useNativeFieldAria } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { issuesToFieldErrors } from '../../../lib/validation';
import { useApprovedCards } from '../api/get-approved-cards';
import { useFindSplitAccount } from '../api/find-split-account';
import { useSaveSplitConfig } from '../api/save-split-config';
import { bankText } from '../utils/accounts';
import {
  checkSplitForm,
  fieldOfRcode,
  formValuesOf,
  hundredthsToPercent,
  rowField,
  splitRequest,
  splitSum,
  SUM_FIELD,
  type SplitFormValues,
} from '../utils/split-form';

type Candidate = CallResult<typeof getMchByBankNo>['data'][number];

interface SplitEditorProps {
  /** The configuration to change; null for a new one. */
  config: SplitConfig | null;
  onClose: () => void;
}

/**
 * A split configuration's form: its name, the main card (an approved card of the merchant), the payments it
 * splits, and the split accounts — each found by its card number, shown masked to confirm, then given a share
 * typed in percent. The main account keeps the rest, shown live. Every rule's message shows at its field, before
 * sending (the contract's schema and rules) and after (the server's refusal, by its code); nothing typed is lost.
 */
function SplitEditor({ config, onClose }: SplitEditorProps) {
  const { t } = useTranslation('feeSplits');
  const locale = currentLocale();
  const form = useForm<SplitFormValues>(() => formValuesOf(config));
  const { values, errors, update, check, message, send } = form;
  const cards = useApprovedCards();
  const save = useSaveSplitConfig();
  const find = useFindSplitAccount();
  const [cardNo, setCardNo] = useState('');
  const [cardError, setCardError] = useState<string | undefined>();
  const cardRef = useNativeFieldAria<InputRef>('fs-card-no', cardError);
  const [found, setFound] = useState<Candidate[]>([]);
  const label = (field: string) => SPLIT_FIELD_LABELS[field]?.[locale] ?? field;
  const sum = splitSum(values.split_merchant);
  const approved = cards.data?.data ?? [];
  const full = values.split_merchant.length >= SPLIT_ACCOUNTS_MAX;

  // With one approved card there is nothing to choose: a new configuration's main account is that card.
  const onlyCard = approved.length === 1 ? approved[0]!.merchant_id : null;
  useEffect(() => {
    if (onlyCard && !values.main_merchant_id)
      update((prev) => ({ ...prev, main_merchant_id: onlyCard }), ['main_merchant_id']);
    // Only when the cards arrive: a choice made afterwards is the operator's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onlyCard]);

  const settlesShares = (field: string) => field === SUM_FIELD || field.startsWith('split');

  const lookUp = async () => {
    setCardError(undefined);
    const parsed = getMchByBankNo.request.safeParse({ acct_no: cardNo });
    if (!parsed.success) {
      setCardError(issuesToFieldErrors(parsed.error.issues, locale).acct_no);
      return;
    }
    try {
      // The number as the contract normalizes it (spaces out).
      const answer = await find.mutateAsync(parsed.data.acct_no);
      setFound(answer.data);
    } catch (error) {
      setFound([]);
      if (error instanceof ApiError) setCardError(error.msg);
    }
  };

  const addAccount = (c: Candidate) => {
    update(
      (prev) => ({
        ...prev,
        split_merchant: [
          ...prev.split_merchant,
          {
            merchant_id: c.merchant_id,
            acct_name: c.acct_name,
            acct_no_encry: c.acct_no_encry,
            bank: c.bank,
            percent: '',
          },
        ],
      }),
      settlesShares,
    );
    setFound([]);
    setCardNo('');
  };

  const removeAccount = (index: number) =>
    update(
      (prev) => ({ ...prev, split_merchant: prev.split_merchant.filter((_, i) => i !== index) }),
      settlesShares,
    );

  const setPercent = (index: number) => (percent: string) =>
    update(
      (prev) => ({
        ...prev,
        split_merchant: prev.split_merchant.map((row, i) => (i === index ? { ...row, percent } : row)),
      }),
      (field) => field === rowField(index) || field === SUM_FIELD,
    );

  const set =
    <K extends 'bank_split_name' | 'main_merchant_id' | 'pay_channel'>(name: K) =>
    (value: SplitFormValues[K]) =>
      update(
        (prev) => ({ ...prev, [name]: value }),
        name === 'main_merchant_id' ? [name, 'split_merchant'] : [name],
      );

  const submit = async () => {
    if (!check(checkSplitForm(values, locale))) return;
    const saved = await send(
      () => save.mutateAsync({ id: config?.bank_split_id ?? null, body: splitRequest(values) }),
      fieldOfRcode,
    );
    if (!saved) return;
    toast(config ? t('editor.saved', { version: saved.answer.version }) : t('editor.savedNew'), {
      icon: 'success',
    });
    onClose();
  };

  const alreadyIn = (merchantId: string) => values.split_merchant.some((s) => s.merchant_id === merchantId);

  return (
    <SheetFrame
      tall
      title={config ? t('editor.titleEdit') : t('editor.titleNew')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <List mode="card" className="fs-form">
        <InputField
          id="fs-name"
          label={label('bank_split_name')}
          required
          value={values.bank_split_name}
          onChange={set('bank_split_name')}
          error={errors.bank_split_name}
          placeholder={t('editor.namePlaceholder')}
        />
        <Field
          id="fs-main"
          label={label('main_merchant_id')}
          required
          error={errors.main_merchant_id}
          description={<span className="muted">{t('editor.mainHint')}</span>}
        >
          {cards.isPending ? (
            <span className="muted">{t('editor.cardsLoading')}</span>
          ) : approved.length === 0 ? (
            <span className="fs-inline-guide">
              {t('editor.noCard')} <Link to="/bankCard?entry=new">{t('editor.goAddCard')}</Link>
            </span>
          ) : (
            <ul
              id="fs-main"
              className="fs-card-choices"
              aria-label={label('main_merchant_id')}
              {...fieldAria('fs-main', errors.main_merchant_id)}
            >
              {approved.map((card) => (
                <li key={card.merchant_id}>
                  <button
                    type="button"
                    className="chip fs-card-choice"
                    aria-pressed={values.main_merchant_id === card.merchant_id}
                    onClick={() => set('main_merchant_id')(card.merchant_id)}
                  >
                    <span>{card.acct_name}</span>
                    <span className="fs-card-choice-no">
                      {bankText(card.bank_code, locale)} {card.acct_no}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Field>
        {/* Stacked, the chips get the row's width: 'All online payments' fits on one line at 375 px. */}
        <Field id="fs-channel" label={label('pay_channel')} required error={errors.pay_channel} stacked>
          <ChoiceField<SplitPayChannel>
            id="fs-channel"
            label={label('pay_channel')}
            fit
            options={SPLIT_PAY_CHANNELS.map((c) => ({
              value: c,
              label: SPLIT_PAY_CHANNEL_LABELS[c][locale],
            }))}
            value={values.pay_channel}
            onChange={(v) => {
              if (v) set('pay_channel')(v);
            }}
          />
        </Field>
      </List>

      <section className="fs-section" aria-labelledby="fs-splits-title">
        <h3 id="fs-splits-title" className="fs-section-title">
          {label('split_merchant')}
        </h3>
        <p className="muted fs-hint">{t('editor.splitsHint', { max: SPLIT_ACCOUNTS_MAX })}</p>
        <List mode="card" className="fs-form">
          {values.split_merchant.length === 0 ? (
            <List.Item>
              <span className="muted">{t('editor.noSplits')}</span>
            </List.Item>
          ) : null}
          {values.split_merchant.map((row, i) => {
            const name = [row.acct_name, row.acct_no_encry].join(' ');
            return (
              <InputField
                key={row.merchant_id}
                id={`fs-split-${i}`}
                label={`${row.acct_name} ··${row.acct_no_encry.replace(/\D/g, '').slice(-4)}`}
                description={
                  <span className="muted fs-row-card">
                    {[row.bank && bankText(row.bank, locale), row.acct_no_encry].filter(Boolean).join(' ')}
                  </span>
                }
                value={row.percent}
                onChange={setPercent(i)}
                error={errors[rowField(i)]}
                inputMode="decimal"
                placeholder={t('editor.percentPlaceholder')}
                extra={
                  <span className="fs-row-extra">
                    <span aria-hidden="true">%</span>
                    <button
                      type="button"
                      className="text-button fs-remove"
                      aria-label={t('editor.removeFor', { name })}
                      onClick={() => removeAccount(i)}
                    >
                      {t('editor.remove')}
                    </button>
                  </span>
                }
              />
            );
          })}
          {errors.split_merchant ? (
            <List.Item>
              <span className="field-error" role="alert">
                {errors.split_merchant}
              </span>
            </List.Item>
          ) : null}
          {full ? null : (
            <Field
              id="fs-card-no"
              label={label('acct_no')}
              error={cardError}
              extra={
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  loading={find.isPending}
                  onClick={() => void lookUp()}
                >
                  {t('editor.lookUp')}
                </Button>
              }
            >
              <Input
                id="fs-card-no"
                value={cardNo}
                onChange={(v) => {
                  setCardNo(v);
                  setCardError(undefined);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void lookUp();
                  }
                }}
                inputMode="numeric"
                placeholder={t('editor.cardPlaceholder')}
                clearable
                ref={cardRef}
              />
            </Field>
          )}
        </List>
        {found.length > 0 ? (
          <ul className="fs-found" aria-label={t('editor.found')}>
            {found.map((c) => {
              const text = t('editor.foundLabel', {
                name: c.acct_name,
                bank: bankText(c.bank, locale),
                card: c.acct_no_encry,
              });
              const added = alreadyIn(c.merchant_id);
              return (
                <li key={c.merchant_id} className="fs-found-item">
                  <span>{text}</span>
                  <Button
                    size="small"
                    color="primary"
                    disabled={added || full}
                    onClick={() => addAccount(c)}
                    aria-label={`${added ? t('editor.added') : t('editor.addThis')}: ${text}`}
                  >
                    {added ? t('editor.added') : t('editor.addThis')}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </section>

      <section className="fs-sum" aria-live="polite" data-error={errors[SUM_FIELD] !== undefined}>
        <p className="fs-sum-line">
          {t('editor.sumLine', {
            main: hundredthsToPercent(Math.max(sum.main, 0)),
            splits: hundredthsToPercent(sum.splits),
            total: hundredthsToPercent(Math.max(sum.main, 0) + sum.splits),
          })}
        </p>
        <p className="fs-sum-main">
          {sum.main > 0
            ? t('editor.mainKeeps', { percent: hundredthsToPercent(sum.main) })
            : t('editor.overflow', { percent: hundredthsToPercent(sum.splits) })}
        </p>
        {errors[SUM_FIELD] ? (
          <p className="field-error" role="alert">
            {errors[SUM_FIELD]}
          </p>
        ) : null}
      </section>
      <p className="muted fs-hint">{t('editor.applyNote')}</p>
    </SheetFrame>
  );
}

export const SplitEditorSheet = inSheet(SplitEditor);
