import type { UserInfo } from '@vendo/contract/api/account';
import { Grid } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '../../../lib/permissions';
import { TILE_GROUPS } from '../tiles';

/**
 * The tiles the viewer may use, by group; a group with none is left out. A staff member whose role allows nothing
 * is told why home is empty and whom to ask (it showed only an empty alerts card).
 */
export function HomeTiles({ user, now }: { user: UserInfo; now: number }) {
  const { t } = useTranslation('home');
  const shown = TILE_GROUPS.map(({ group, tiles }) => ({
    group,
    visible: tiles.filter((tile) => can(user, tile.access, now)),
  }));
  if (shown.every(({ visible }) => visible.length === 0)) {
    return (
      <section className="card">
        <p className="muted" style={{ margin: 0 }}>
          {t('tiles.none')}
        </p>
      </section>
    );
  }
  return (
    <>
      {shown.map(({ group, visible }) => {
        if (visible.length === 0) return null;
        return (
          <section key={group} className="card tiles-card" aria-labelledby={`tiles-${group}`}>
            <h2 id={`tiles-${group}`} className="card-title">
              {t(`groups.${group}`)}
            </h2>
            <Grid columns={4} gap={[4, 12]}>
              {visible.map(({ key, to, icon: Icon }) => (
                <Grid.Item key={key}>
                  <Link to={to} className="tile">
                    <span className="tile-icon" aria-hidden="true">
                      <Icon />
                    </span>
                    <span className="tile-label">{t(`tiles.${key}`)}</span>
                  </Link>
                </Grid.Item>
              ))}
            </Grid>
          </section>
        );
      })}
    </>
  );
}
