import { Suspense, useState } from 'react';
import '../public.css';
import { AreaSpinner } from '../../components/FullScreenSpinner';
import { useShellT } from '../../i18n/shell-i18n';
import { RemoteBoundary } from '../../remotes/RemoteBoundary';
import { remoteComponent } from '../../remotes/remote-component';

interface Props {
  remote: 'billing';
  page: 'quote-acceptance';
  token: string;
}

interface PublicPageProps {
  page: string;
  params: { token: string };
}

/**
 * A customer page served by a remote (e.g. `/quote-acceptance/:token`). No signed-in layout and no
 * antd: customers open it from an e-mail on a phone, often with bad reception. The remote module
 * (`<remote>/App` with the page prop) renders its own page chrome; when it cannot be loaded the customer gets a plain retry card.
 */
export default function PublicRemotePage({ remote, page, token }: Props) {
  const { t } = useShellT();
  const [attempt, setAttempt] = useState(0);
  // The remote's App renders the page in its own chunk; for customer pages that chunk has no antd.
  const [App, setApp] = useState(() => remoteComponent<PublicPageProps>(remote, 'App', false));

  const retry = () => {
    setApp(() => remoteComponent<PublicPageProps>(remote, 'App', true));
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
