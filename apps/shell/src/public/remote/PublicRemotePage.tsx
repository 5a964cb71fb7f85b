import { Suspense, useState } from 'react';
import '../public.css';
import { AreaSpinner } from '../../components/FullScreenSpinner';
import { useShellT } from '../../i18n/shell-i18n';
import { RemoteBoundary } from '../../remotes/RemoteBoundary';
import type { RemotePublicAppProps, RemotePublicView } from '@zunft/web-common';
import { remoteComponent } from '../../remotes/remote-component';

interface Props {
  /** A page of the remote's `PublicApp` in `REMOTE_PAGES` (libs/web-common/src/pages). */
  view: RemotePublicView;
  token: string;
}

type PublicPageProps = RemotePublicAppProps<string>;

/**
 * A customer page served by a remote (e.g. `/quote-acceptance/:token`, `/signature/:token`). No
 * signed-in layout and no antd: customers open it from an e-mail on a phone, often with bad
 * reception. The remote's `PublicApp` (page prop + token) renders its own page chrome and imports no
 * antd; when it cannot be loaded the customer gets a plain retry card.
 */
export default function PublicRemotePage({ view, token }: Props) {
  const { remote, page } = view;
  const { t } = useShellT();
  const [attempt, setAttempt] = useState(0);
  const [App, setApp] = useState(() => remoteComponent<PublicPageProps>(remote, 'PublicApp', false));

  const retry = () => {
    setApp(() => remoteComponent<PublicPageProps>(remote, 'PublicApp', true));
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteBoundary
      key={`${remote}:${attempt}`}
      fallback={() => (
        <main id="main" className="message-page">
          <div className="message-card" role="alert">
            <h1>{t('remote.loadError')}</h1>
            <p>{t('remote.loadErrorHint')}</p>
            <div className="message-card__actions">
              <button type="button" className="btn btn--primary btn--lg" onClick={retry}>
                {t('remote.retry')}
              </button>
            </div>
          </div>
        </main>
      )}
    >
      <Suspense fallback={<AreaSpinner label={t('remote.loading')} />}>
        <App page={page} params={{ token }} />
      </Suspense>
    </RemoteBoundary>
  );
}
