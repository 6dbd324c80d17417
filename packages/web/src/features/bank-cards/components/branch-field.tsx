import type { BankBranch } from '@vendo/contract/api/bank-directory';
import { TEXT_MAX } from '@vendo/contract/constants';
import type { BankCode } from '@vendo/contract/enums';
import { Button, Input } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet, SheetFrame } from '../../../components/sheet/sheet';
import { useBranches } from '../api/get-branches';

interface BranchFieldProps {
  id: string;
  bank: BankCode | '';
  provinceCode: string;
  cityCode: string;
  value: string;
  /** Says which pick is missing (bank first, then bank region) instead of opening the list; null when none. */
  missing: () => string | null;
  onMissing: (message: string) => void;
  onChange: (branch: BankBranch) => void;
  ariaProps: Record<string, unknown>;
}

/**
 * The branch (spec §5): the list loads only once bank and bank region are picked, in that order; a failed load
 * says "failed to load branch list, please retry" with a retry button.
 */
export function BranchField(props: BranchFieldProps) {
  const { id, bank, provinceCode, cityCode, value, missing, onMissing, onChange, ariaProps } = props;
  const { t } = useTranslation('bankCards');
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const branches = useBranches(bank, provinceCode, cityCode, open);
  const shown = useMemo(() => {
    const all = branches.data?.data ?? [];
    const k = keyword.trim();
    return k ? all.filter((b) => b.bank_branch.includes(k)) : all;
  }, [branches.data, keyword]);

  const typed = keyword.trim().slice(0, TEXT_MAX.longName);
  const pick = (branch: BankBranch) => {
    onChange(branch);
    setOpen(false);
  };

  const show = () => {
    const message = missing();
    if (message) onMissing(message);
    else setOpen(true);
  };

  return (
    <>
      <button type="button" id={id} className="picker-trigger" onClick={show} {...ariaProps}>
        {value ? <span>{value}</span> : <span className="picker-placeholder">{t('editor.pickBranch')}</span>}
        <RightOutline aria-hidden="true" />
      </button>
      <Sheet visible={open} onClose={() => setOpen(false)} closeOnMaskClick>
        <SheetFrame
          tall
          title={t('editor.pickBranch')}
          onClose={() => setOpen(false)}
          bodyClassName="bc-sheet-pad"
        >
          <Input
            className="bc-branch-search"
            clearable
            placeholder={t('editor.branchSearch')}
            value={keyword}
            onChange={setKeyword}
            aria-label={t('editor.branchSearch')}
          />
          {branches.isError ? (
            <div className="bc-branch-state" role="alert">
              <p>{t('editor.branchLoadFailed')}</p>
              <Button size="small" color="primary" fill="outline" onClick={() => void branches.refetch()}>
                {t('editor.retry')}
              </Button>
            </div>
          ) : branches.isPending ? (
            <p className="bc-branch-state muted">{t('editor.pick')}…</p>
          ) : shown.length === 0 ? (
            <div className="bc-branch-state">
              <p className="muted">{t('editor.branchNone')}</p>
              {/* The shipped directory is partial (decision 030): a branch it lacks is typed, without its number. */}
              {typed ? (
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  onClick={() => pick({ bank_no: '', bank_branch: typed })}
                >
                  {t('editor.branchUseTyped', { name: typed })}
                </Button>
              ) : (
                <p className="muted">{t('editor.branchTypeHint')}</p>
              )}
            </div>
          ) : (
            <ul className="bc-branch-list">
              {shown.map((b) => (
                <li key={`${b.bank_no}-${b.bank_branch}`}>
                  <button type="button" aria-pressed={b.bank_branch === value} onClick={() => pick(b)}>
                    <span>{b.bank_branch}</span>
                    <span className="muted">{b.bank_no}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </SheetFrame>
      </Sheet>
    </>
  );
}
