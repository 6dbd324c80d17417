import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { registerNamespace } from '../../../i18n/i18n';
import membersTexts from '../../../i18n/resources/members';
import { readMemberCert } from '../../../lib/session';
import { local, LOGIN_KEYS } from '../../../lib/storage';
import { MemberMessage } from './member-message';
import './open-member.css';

registerNamespace('members', membersTexts);

/**
 * /open-member-passport (spec §2, §4 "open member"): the purchase page's "My member" hands over the member cert
 * (?token=…&secret=…). It is stored (lib/storage memberInfo, read by the member calls) and the page moves on to
 * /open-member, replacing itself so the cert leaves the address and the history. Without a cert in the address
 * the one stored earlier is used; without either, the customer is told where to get one.
 */
export default function OpenMemberPassportScreen() {
  const { t } = useTranslation('members');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const secret = params.get('secret')?.trim() ?? '';
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (token && secret) local.setJson(LOGIN_KEYS.memberInfo, { token, secret });
    if (readMemberCert()) void navigate('/open-member', { replace: true });
    else setMissing(true);
  }, [token, secret, navigate]);

  return missing ? (
    <MemberMessage tone="error" text={t('open.missing')} />
  ) : (
    <MemberMessage busy text={t('open.opening')} />
  );
}
