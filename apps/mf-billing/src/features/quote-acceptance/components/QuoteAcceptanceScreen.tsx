import { useId, useRef, useState, type FormEvent } from 'react';
import type { Language, PublicQuoteDto } from '@zunft/contracts';
import { formatCHF, formatDate, formatNumber } from '@zunft/web-common';
import { AcceptanceError, quoteAcceptanceApi } from '../api/quoteAcceptance.api';
import { PublicLoadFailed, PublicLoading, PublicPageFrame } from '../../../shared/PublicPageFrame';
import { SignaturePad, type SignaturePadHandle } from '../../../shared/SignaturePad';
import {
  SIGNATURE_FIELDS,
  validateSignature,
  type SignatureErrors,
  type SignatureField,
} from '../../../shared/signatureForm';
import { usePublicTokenPage, type Translate } from '../../../shared/usePublicTokenPage';

/** The server's `code` of a quote answered meanwhile (410); other 410s are an expired link. */
const ALREADY_ANSWERED = 'quote_already_answered';

/**
 * The message of a failed call (part 2 §8, like the signature page): 404 'not found or link
 * expired', 410 'link expired' or — when the server's code says so — 'already answered', otherwise
 * a generic retry text, each in the customer's language. Decided by status and code, never by the
 * server's German text.
 */
export function acceptanceErrorText(error: unknown, t: Translate, language: Language, fallbackKey: string): string {
  if (error instanceof AcceptanceError) {
    if (error.status === 404) return t('acceptance.notFound');
    if (error.status === 410)
      return t(error.code === ALREADY_ANSWERED ? 'acceptance.alreadyAnswered' : 'acceptance.expired');
    // A 400 carries the server's German validation text (e.g. an invalid e-mail address).
    if (error.status === 400 && error.serverMessage && language === 'de') return error.serverMessage;
  }
  return t(fallbackKey);
}

function Totals({ quote, t }: { quote: PublicQuoteDto; t: Translate }) {
  const row = (label: string, value: string, className = '') => (
    <div className={`zqa-row ${className}`}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <div className="zqa-totals" aria-label={t('quotes.totals.title')} role="group">
      {row(t('quotes.totals.subtotal'), formatCHF(quote.subtotal))}
      {quote.discount_amount !== 0
        ? row(
            t('quotes.totals.discount', { percent: formatNumber(quote.discount_percent) }),
            `− ${formatCHF(quote.discount_amount)}`,
          )
        : null}
      {quote.travel_allowance !== 0 ? row(t('quotes.totals.travel'), formatCHF(quote.travel_allowance)) : null}
      {row(t('quotes.totals.net'), formatCHF(quote.net_amount))}
      {row(t('quotes.totals.vat', { rate: formatNumber(quote.vat_rate) }), formatCHF(quote.vat_amount))}
      {row(t('quotes.totals.rounding'), formatCHF(quote.rounding))}
      {row(t('quotes.totals.total'), formatNumber(quote.total, 2), 'zqa-total')}
    </div>
  );
}

function QuoteView({ quote, t }: { quote: PublicQuoteDto; t: Translate }) {
  return (
    <>
      <section className="zqa-card">
        <p className="zqa-number">{t('acceptance.heading', { number: quote.quote_number })}</p>
        <h1>{quote.title}</h1>
        <p className="zqa-meta">{t('acceptance.for', { customer: quote.customer_name })}</p>
        <p className="zqa-meta">
          {t('acceptance.date')}: {formatDate(quote.quote_date)} ·{' '}
          {t('acceptance.validUntil', { date: formatDate(quote.valid_until) })}
        </p>
        {quote.description ? <p className="zqa-text">{quote.description}</p> : null}
      </section>
      <section className="zqa-card" aria-labelledby="zqa-items">
        <h2 id="zqa-items">{t('acceptance.items')}</h2>
        <ul className="zqa-items">
          {quote.items.map((item) => (
            <li key={item.position} className="zqa-item">
              <div className="zqa-row">
                <strong>{item.title}</strong>
                <span>{formatCHF(item.total_price)}</span>
              </div>
              <div className="zqa-sub">
                {formatNumber(item.quantity)} {item.unit} × {formatCHF(item.unit_price)}
              </div>
              {item.description ? <div className="zqa-sub zqa-text">{item.description}</div> : null}
            </li>
          ))}
        </ul>
        <Totals quote={quote} t={t} />
        {quote.notes ? (
          <>
            <h2 style={{ marginTop: 16 }}>{t('acceptance.notes')}</h2>
            <p className="zqa-text" style={{ marginTop: 0 }}>
              {quote.notes}
            </p>
          </>
        ) : null}
        {quote.terms_conditions ? (
          <>
            <h2 style={{ marginTop: 16 }}>{t('acceptance.terms')}</h2>
            <p className="zqa-text" style={{ marginTop: 0 }}>
              {quote.terms_conditions}
            </p>
          </>
        ) : null}
      </section>
    </>
  );
}

function AcceptForm({
  token,
  t,
  language,
  onAccepted,
  onRejected,
}: {
  token: string;
  t: Translate;
  language: Language;
  onAccepted: (email: string) => void;
  onRejected: () => void;
}) {
  const id = useId();
  const pad = useRef<SignaturePadHandle>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<SignatureErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [rejectError, setRejectError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignature({ name, email, consent, hasInk: !(pad.current?.isEmpty() ?? true) }, 'acceptance');
    setErrors(found);
    setSubmitError(null);
    const first = SIGNATURE_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const mail = email.trim();
      await quoteAcceptanceApi.accept(token, {
        name: name.trim(),
        email: mail,
        signature: pad.current!.toDataURL(),
        consent: true,
      });
      onAccepted(mail);
    } catch (error) {
      setSubmitError(acceptanceErrorText(error, t, language, 'acceptance.acceptError'));
    } finally {
      setBusy(false);
    }
  };

  const reject = async () => {
    setBusy(true);
    setRejectError(null);
    try {
      await quoteAcceptanceApi.reject(token, { reason: reason.trim() || null });
      onRejected();
    } catch (error) {
      setRejectError(acceptanceErrorText(error, t, language, 'acceptance.rejectError'));
    } finally {
      setBusy(false);
    }
  };

  const errorId = (key: SignatureField) => (errors[key] ? `${id}-${key}-error` : undefined);
  const fieldError = (key: SignatureField) =>
    errors[key] ? (
      <p className="zqa-error" id={`${id}-${key}-error`} role="alert">
        {t(errors[key])}
      </p>
    ) : null;

  return (
    <>
      <section className="zqa-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('acceptance.acceptTitle')}</h2>
        <p className="zqa-meta" style={{ marginBottom: 16 }}>
          {t('acceptance.acceptIntro')}
        </p>
        <form noValidate onSubmit={(e) => void submit(e)}>
          <div className="zqa-field">
            <label htmlFor={`${id}-name`}>{t('acceptance.name')}</label>
            <input
              id={`${id}-name`}
              className="zqa-input"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errorId('name')}
            />
            {fieldError('name')}
          </div>
          <div className="zqa-field">
            <label htmlFor={`${id}-email`}>{t('acceptance.email')}</label>
            <input
              id={`${id}-email`}
              className="zqa-input"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errorId('email')}
            />
            {fieldError('email')}
          </div>
          <div className="zqa-field">
            <span className="zqa-label" id={`${id}-signature-label`}>
              {t('acceptance.signature')}
            </span>
            <div id={`${id}-signature`} tabIndex={-1}>
              <SignaturePad
                ref={pad}
                label={t('acceptance.signatureField')}
                describedBy={errorId('signature') ?? `${id}-signature-hint`}
                invalid={Boolean(errors.signature)}
                onChange={(hasInk) => {
                  if (hasInk) setErrors((e) => ({ ...e, signature: undefined }));
                }}
              />
            </div>
            <div className="zqa-sigbar">
              <span className="zqa-hint" id={`${id}-signature-hint`} style={{ margin: 0 }}>
                {t('acceptance.signatureHint')}
              </span>
              <button
                type="button"
                className="zqa-btn zqa-btn-ghost zqa-btn-small"
                onClick={() => pad.current?.clear()}
              >
                {t('acceptance.clear')}
              </button>
            </div>
            {fieldError('signature')}
          </div>
          <div className="zqa-field">
            <label className="zqa-check">
              <input
                id={`${id}-consent`}
                type="checkbox"
                checked={consent}
                onChange={(e) => setConsent(e.target.checked)}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errorId('consent')}
              />
              <span>{t('acceptance.consent')}</span>
            </label>
            {fieldError('consent')}
          </div>
          {submitError ? (
            <div className="zqa-alert zqa-alert-error" role="alert">
              {submitError}
            </div>
          ) : null}
          <button type="submit" className="zqa-btn zqa-btn-primary" disabled={busy}>
            {busy && !rejecting ? t('acceptance.accepting') : t('acceptance.accept')}
          </button>
        </form>
      </section>
      <div className="zqa-secondary">
        {rejecting ? (
          <section className="zqa-card" style={{ textAlign: 'left' }} aria-labelledby={`${id}-reject`}>
            <h2 id={`${id}-reject`}>{t('acceptance.rejectTitle')}</h2>
            <div className="zqa-field">
              <label htmlFor={`${id}-reason`}>{t('acceptance.rejectReason')}</label>
              <textarea
                id={`${id}-reason`}
                className="zqa-textarea"
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            {rejectError ? (
              <div className="zqa-alert zqa-alert-error" role="alert">
                {rejectError}
              </div>
            ) : null}
            <div className="zqa-row" style={{ flexWrap: 'wrap', justifyContent: 'flex-start' }}>
              <button type="button" className="zqa-btn zqa-btn-danger" disabled={busy} onClick={() => void reject()}>
                {t('acceptance.rejectConfirm')}
              </button>
              <button type="button" className="zqa-btn zqa-btn-link" onClick={() => setRejecting(false)}>
                {t('common.cancel')}
              </button>
            </div>
          </section>
        ) : (
          <button type="button" className="zqa-btn zqa-btn-link" onClick={() => setRejecting(true)}>
            {t('acceptance.rejectOpen')}
          </button>
        )}
      </div>
    </>
  );
}

function Message({
  icon,
  tone,
  title,
  text,
}: {
  icon: string;
  tone: 'ok' | 'info' | 'error';
  title: string;
  text?: string;
}) {
  return (
    <section className="zqa-card zqa-message" role="status">
      <span className={`zqa-icon zqa-icon-${tone}`} aria-hidden>
        {icon}
      </span>
      <h1>{title}</h1>
      {text ? <p className="zqa-meta">{text}</p> : null}
    </section>
  );
}

/** What the customer's answer was (the page's `done` phase). */
type Answer = { kind: 'accepted'; email: string } | { kind: 'rejected' };

/**
 * Public quote acceptance (/quote-acceptance/:token): the customer reads the quote in their
 * language, signs with name, e-mail, a drawn signature and consent, or rejects it. Plain React
 * and CSS — no antd — so it loads quickly on a phone with bad reception.
 */
export function QuoteAcceptanceScreen({ token }: { token: string }) {
  const {
    phase,
    data: quote,
    language,
    t,
    retry,
    finish,
  } = usePublicTokenPage<PublicQuoteDto, Answer>(token, quoteAcceptanceApi.get);

  let body;
  if (phase.kind === 'loading') {
    body = <PublicLoading text={t('acceptance.loading')} />;
  } else if (phase.kind === 'failed') {
    body = (
      <PublicLoadFailed
        error={phase.error}
        title={acceptanceErrorText(phase.error, t, language, 'acceptance.loadError')}
        retryLabel={t('acceptance.retry')}
        onRetry={retry}
      />
    );
  } else if (phase.kind === 'done' && phase.outcome.kind === 'accepted') {
    body = (
      <Message
        icon="✓"
        tone="ok"
        title={t('acceptance.accepted')}
        text={t('acceptance.acceptedHint', { email: phase.outcome.email })}
      />
    );
  } else if (phase.kind === 'done') {
    body = <Message icon="✓" tone="info" title={t('acceptance.rejected')} text={t('acceptance.rejectedHint')} />;
  } else {
    const q = phase.data;
    const answered =
      q.status === 'accepted'
        ? 'acceptance.alreadyAccepted'
        : q.status === 'rejected'
          ? 'acceptance.alreadyRejected'
          : null;
    body = (
      <>
        <QuoteView quote={q} t={t} />
        {answered ? (
          <Message icon="i" tone="info" title={t(answered)} />
        ) : q.status === 'expired' ? (
          <Message icon="!" tone="error" title={t('acceptance.expired')} />
        ) : (
          <AcceptForm
            token={token}
            t={t}
            language={language}
            onAccepted={(email) => finish({ kind: 'accepted', email })}
            onRejected={() => finish({ kind: 'rejected' })}
          />
        )}
      </>
    );
  }

  return (
    <PublicPageFrame
      language={language}
      company={quote?.company}
      contactText={(company) => t('acceptance.contact', { company })}
    >
      {body}
    </PublicPageFrame>
  );
}
