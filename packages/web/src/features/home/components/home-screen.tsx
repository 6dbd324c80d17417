import { lazy, Suspense, useState } from 'react';
import { registerNamespace } from '../../../i18n/i18n';
import homeTexts from '../../../i18n/resources/home';
import { loadChunk } from '../../../lib/load-chunk';
import { readLoginAt, useUserInfo } from '../../../lib/session';
import { shouldShowStatement } from '../utils/statement';
import { AlertsCard } from './alerts-card';
import { BankBanner } from './bank-banner';
import { FiguresCard } from './figures-card';
import { HomeTiles } from './home-tiles';

registerNamespace('home', homeTexts);

// Most visits do not show the statement; its dialog (and the overlay library under it) loads only when it does.
const StatementDialog = lazy(() =>
  loadChunk(() => import('./statement-dialog')).then((m) => ({ default: m.StatementDialog })),
);

export default function HomeScreen() {
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  const [loginAt] = useState(readLoginAt);
  const [statement] = useState(() => user !== null && shouldShowStatement(user.username, loginAt));
  if (!user) return null;

  return (
    <div className="page home">
      <BankBanner now={now} />
      <FiguresCard />
      <AlertsCard />
      <HomeTiles user={user} now={now} />
      {statement ? (
        <Suspense fallback={null}>
          <StatementDialog username={user.username} loginAt={loginAt} />
        </Suspense>
      ) : null}
    </div>
  );
}
