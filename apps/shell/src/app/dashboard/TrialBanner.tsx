import { Alert } from 'antd';
import { LinkButton } from '@zunft/ui-kit';
import { formatDate, useSession } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';
import { trialBanner } from './trial-banner';

/** Trial banner of the dashboard (part 1 §4/§9); the rules live in trial-banner.ts. */
export function TrialBanner({ now = new Date() }: { now?: Date }) {
  const { t } = useShellT();
  const { user, isAdmin } = useSession();
  if (!user) return null;
  const state = trialBanner(user, now);
  if (!state) return null;

  const date = state.endsAt ? formatDate(state.endsAt) : '';
  const title =
    state.level === 'info'
      ? t('trial.info', { count: state.daysLeft })
      : state.level === 'urgent'
        ? t('trial.urgent', { count: state.daysLeft, date })
        : t('trial.critical', { count: state.daysLeft, date });
  const hint =
    state.level === 'urgent' ? t('trial.urgentHint') : state.level === 'critical' ? t('trial.criticalHint') : undefined;
  // The payments tab is admin-only: other roles get the hint to ask their admin instead of a dead link.
  const linkAllowed = state.link === '/pricing' || isAdmin;

  return (
    <Alert
      showIcon
      type={state.level === 'info' ? 'info' : state.level === 'urgent' ? 'warning' : 'error'}
      title={<strong>{title}</strong>}
      description={
        hint || !linkAllowed ? (
          <>
            {hint}
            {!linkAllowed ? ` ${t('trial.askAdmin')}` : null}
          </>
        ) : undefined
      }
      action={
        linkAllowed ? (
          <LinkButton
            to={state.link}
            type={state.level === 'info' ? 'default' : 'primary'}
            danger={state.level === 'critical'}
          >
            {state.level === 'info' ? t('trial.infoLink') : t('trial.upgradeLink')}
          </LinkButton>
        ) : undefined
      }
      style={{ marginBottom: 24 }}
    />
  );
}
