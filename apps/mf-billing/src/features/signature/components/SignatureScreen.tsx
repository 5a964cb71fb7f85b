import { useId, useRef, useState, type FormEvent } from 'react';
import type { PublicReportDto, ReportSignedResponse } from '@zunft/contracts';
import { formatCHF, formatDate, formatDateTime, formatNumber } from '@zunft/web-common';
import { PublicApiError } from '../../../shared/publicApi';
import { PublicLoadFailed, PublicLoading, PublicPageFrame } from '../../../shared/PublicPageFrame';
import { SignaturePad, type SignaturePadHandle } from '../../../shared/SignaturePad';
import {
  SIGNATURE_FIELDS,
  signatureSubmitErrorKey,
  validateSignature,
  type SignatureErrors,
  type SignatureField,
} from '../../../shared/signatureForm';
import { usePublicTokenPage, type Translate } from '../../../shared/usePublicTokenPage';
import { publicUrl, signatureApi } from '../api/signature.api';

const SIGNATURE_CSS = `
.zrs-photos { list-style:none; margin:0; padding:0; display:grid; gap:10px; grid-template-columns:repeat(2,minmax(0,1fr)); }
.zrs-photos a { display:block; color:inherit; text-decoration:none; }
.zrs-photos img { display:block; width:100%; aspect-ratio:4/3; object-fit:cover; border-radius:10px; background:#e9edf2; }
.zrs-photos span { display:block; font-size:12px; color:var(--muted); overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
.zrs-facts { display:grid; grid-template-columns:auto 1fr; gap:4px 12px; margin:12px 0 0; }
.zrs-facts dt { color:var(--muted); }
.zrs-facts dd { margin:0; font-weight:600; }
.zrs-download { display:inline-flex; margin-top:16px; text-decoration:none; width:auto; }
@media (min-width:600px) { .zrs-photos { grid-template-columns:repeat(3,minmax(0,1fr)); } }
`;

/** The page's text for a failed load: 404 / 410 per part 2 §8, otherwise a retry text. */
function loadErrorKey(error: unknown): string {
  const status = error instanceof PublicApiError ? error.status : 0;
  if (status === 404) return 'signature.notFound';
  if (status === 410) return 'signature.expired';
  return 'signature.loadError';
}

/** The report as the customer signs it: period, hours per employee, materials, expenses, photos, notes. */
function ReportView({ report, t }: { report: PublicReportDto; t: Translate }) {
  const { content } = report;
  return (
    <>
      <section className="zqa-card">
        <p className="zqa-number">{t('signature.heading', { number: report.report_number })}</p>
        <h1>{report.title}</h1>
        <p className="zqa-meta">{t('signature.for', { customer: report.customer_name })}</p>
        <dl className="zrs-facts">
          <dt>{t('signature.project')}</dt>
          <dd>{report.project_title}</dd>
          <dt>{t('signature.period')}</dt>
          <dd>
            {formatDate(report.period_start)} – {formatDate(report.period_end)}
          </dd>
          <dt>{t('signature.totalHours')}</dt>
          <dd>{t('signature.hoursOf', { hours: formatNumber(content.total_hours) })}</dd>
        </dl>
        {content.is_empty ? <p className="zqa-text">{t('signature.nothing')}</p> : null}
      </section>
      {content.employees.length > 0 ? (
        <section className="zqa-card" aria-labelledby="zrs-employees">
          <h2 id="zrs-employees">{t('signature.employees')}</h2>
          <ul className="zqa-items">
            {content.employees.map((employee) => (
              <li key={employee.employee_id} className="zqa-item">
                <div className="zqa-row">
                  <strong>{employee.employee_name}</strong>
                  <span>{t('signature.hoursOf', { hours: formatNumber(employee.hours) })}</span>
                </div>
                {employee.break_minutes > 0 ? (
                  <div className="zqa-sub">{t('signature.breaks', { minutes: employee.break_minutes })}</div>
                ) : null}
                {employee.surcharges.map((s) => (
                  <div key={`${s.kind}-${s.percent}`} className="zqa-sub">
                    {t(s.minutes === undefined ? 'signature.surcharge' : 'signature.surchargeMinutes', {
                      hours: formatNumber(s.hours),
                      minutes: s.minutes,
                      kind: t(`signature.surchargeKinds.${s.kind}`),
                      percent: formatNumber(s.percent),
                    })}
                  </div>
                ))}
                <ul className="zqa-items" style={{ marginTop: 4 }}>
                  {employee.entries.map((entry) => (
                    <li key={entry.time_entry_id} className="zqa-sub zqa-row">
                      <span>
                        {formatDate(entry.date)} {entry.start}–{entry.end}
                        {entry.description ? ` · ${entry.description}` : ''}
                      </span>
                      <span>{t('signature.hoursOf', { hours: formatNumber(entry.hours) })}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {content.materials.length > 0 ? (
        <section className="zqa-card" aria-labelledby="zrs-materials">
          <h2 id="zrs-materials">{t('signature.materials')}</h2>
          <ul className="zqa-items">
            {content.materials.map((m) => (
              <li key={m.usage_id} className="zqa-item">
                <div className="zqa-row">
                  <strong>{m.name}</strong>
                  <span>{formatCHF(m.total_price)}</span>
                </div>
                <div className="zqa-sub">
                  {formatNumber(m.quantity)} {m.unit} × {formatCHF(m.unit_price)}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {content.expenses.length > 0 ? (
        <section className="zqa-card" aria-labelledby="zrs-expenses">
          <h2 id="zrs-expenses">{t('signature.expenses')}</h2>
          <ul className="zqa-items">
            {content.expenses.map((e) => (
              <li key={e.expense_id} className="zqa-item zqa-row">
                <span>
                  {formatDate(e.date)} · {e.description}
                </span>
                <span>{formatCHF(e.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.images.length > 0 ? (
        <section className="zqa-card" aria-labelledby="zrs-photos">
          <h2 id="zrs-photos">{t('signature.photos')}</h2>
          <ul className="zrs-photos">
            {report.images.map((image) => (
              <li key={image.id}>
                <a href={publicUrl(image.url)} target="_blank" rel="noopener noreferrer">
                  <img
                    src={publicUrl(image.has_thumbnail ? image.thumbnail_url : image.url)}
                    alt={image.filename}
                    loading="lazy"
                  />
                  <span>{image.filename}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.notes ? (
        <section className="zqa-card">
          <h2>{t('signature.notes')}</h2>
          <p className="zqa-text" style={{ marginTop: 0 }}>
            {report.notes}
          </p>
        </section>
      ) : null}
    </>
  );
}

function SignForm({
  token,
  t,
  onSigned,
}: {
  token: string;
  t: Translate;
  onSigned: (result: ReportSignedResponse) => void;
}) {
  const id = useId();
  const pad = useRef<SignaturePadHandle>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<SignatureErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignature({ name, email, consent, hasInk: !(pad.current?.isEmpty() ?? true) });
    setErrors(found);
    setSubmitError(null);
    const first = SIGNATURE_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await signatureApi.sign(token, {
        signerName: name.trim(),
        signerEmail: email.trim(),
        signatureData: pad.current!.toDataURL(),
      });
      onSigned(result);
    } catch (error) {
      setSubmitError(t(signatureSubmitErrorKey(error instanceof PublicApiError ? error.status : 0)));
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
    <section className="zqa-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('signature.signTitle')}</h2>
      <p className="zqa-meta" style={{ marginBottom: 16 }}>
        {t('signature.signIntro')}
      </p>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <div className="zqa-field">
          <label htmlFor={`${id}-name`}>{t('signature.name')}</label>
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
          <label htmlFor={`${id}-email`}>{t('signature.email')}</label>
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
          <span className="zqa-label">{t('signature.signatureLabel')}</span>
          <div id={`${id}-signature`} tabIndex={-1}>
            <SignaturePad
              ref={pad}
              label={t('signature.signatureField')}
              describedBy={errorId('signature') ?? `${id}-signature-hint`}
              invalid={Boolean(errors.signature)}
              height={200}
              onChange={(hasInk) => {
                if (hasInk) setErrors((e) => ({ ...e, signature: undefined }));
              }}
            />
          </div>
          <div className="zqa-sigbar">
            <span className="zqa-hint" id={`${id}-signature-hint`} style={{ margin: 0 }}>
              {t('signature.signatureHint')}
            </span>
            <button type="button" className="zqa-btn zqa-btn-ghost zqa-btn-small" onClick={() => pad.current?.clear()}>
              {t('signature.clear')}
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
            <span>{t('signature.consent')}</span>
          </label>
          {fieldError('consent')}
        </div>
        {submitError ? (
          <div className="zqa-alert zqa-alert-error" role="alert">
            {submitError}
          </div>
        ) : null}
        <button type="submit" className="zqa-btn zqa-btn-primary" disabled={busy}>
          {busy ? t('signature.submitting') : t('signature.submit')}
        </button>
      </form>
    </section>
  );
}

/**
 * Public report signature (/signature/:token, part 2 §2, §5, §8): the customer reads the report in
 * their language (period, hours, materials, photos) and signs with name, e-mail, a drawn signature
 * and consent; afterwards they can download the signed PDF. Plain React and CSS — no antd — so it
 * loads quickly on a phone with bad reception.
 */
export function SignatureScreen({ token }: { token: string }) {
  const {
    phase,
    data: report,
    language,
    t,
    retry,
    finish,
  } = usePublicTokenPage<PublicReportDto, ReportSignedResponse>(token, signatureApi.get);

  let body;
  if (phase.kind === 'loading') {
    body = <PublicLoading text={t('signature.loading')} />;
  } else if (phase.kind === 'failed') {
    body = (
      <PublicLoadFailed
        error={phase.error}
        title={t(loadErrorKey(phase.error))}
        retryLabel={t('signature.retry')}
        onRetry={retry}
      />
    );
  } else if (phase.kind === 'done') {
    body = (
      <section className="zqa-card zqa-message" role="status">
        <span className="zqa-icon zqa-icon-ok" aria-hidden>
          ✓
        </span>
        <h1>{t('signature.done')}</h1>
        <p className="zqa-meta">
          {t('signature.doneHint', {
            name: phase.outcome.signer_name,
            date: formatDateTime(phase.outcome.signed_at),
          })}
        </p>
        <a
          className="zqa-btn zqa-btn-primary zrs-download"
          href={publicUrl(phase.outcome.download_url)}
          download={`Rapport-${phase.outcome.report_number}.pdf`}
        >
          {t('signature.download')}
        </a>
      </section>
    );
  } else {
    body = (
      <>
        <ReportView report={phase.data} t={t} />
        <SignForm token={token} t={t} onSigned={finish} />
      </>
    );
  }

  return (
    <PublicPageFrame
      language={language}
      company={report?.company}
      css={SIGNATURE_CSS}
      contactText={(company) => t('signature.contact', { company })}
    >
      {body}
    </PublicPageFrame>
  );
}
