import type { ReactNode } from 'react';
import type { Language } from '@zunft/contracts';
import { PUBLIC_PAGE_CSS } from './publicPageStyles';
import { isFinalLoadError } from './usePublicTokenPage';

/** The company block of a public document (report or quote). */
export interface PublicPageCompany {
  name: string;
  email: string | null;
  phone: string | null;
  logo_url: string | null;
}

/**
 * The frame of a customer's token page: the page's CSS, the company's logo and name above, the
 * company's phone and e-mail below. Plain React (no antd) so it stays light on a phone.
 */
export function PublicPageFrame({
  language,
  company,
  css = '',
  contactText,
  children,
}: {
  language: Language;
  company: PublicPageCompany | null | undefined;
  /** Page-specific CSS added to the shared one. */
  css?: string;
  /** 'Fragen? <company>' line in the customer's language. */
  contactText: (company: string) => string;
  children: ReactNode;
}) {
  return (
    <div className="zqa" lang={language}>
      <style>{PUBLIC_PAGE_CSS + css}</style>
      <main className="zqa-wrap">
        {company ? (
          <header className="zqa-brand">
            {company.logo_url ? <img src={company.logo_url} alt="" /> : null}
            <strong>{company.name}</strong>
          </header>
        ) : null}
        {children}
        {company && (company.email || company.phone) ? (
          <p className="zqa-hint" style={{ textAlign: 'center' }}>
            {contactText(company.name)} {company.phone ? <a href={`tel:${company.phone}`}>{company.phone}</a> : null}
            {company.phone && company.email ? ' · ' : null}
            {company.email ? <a href={`mailto:${company.email}`}>{company.email}</a> : null}
          </p>
        ) : null}
      </main>
    </div>
  );
}

/** The spinner card while the document loads. */
export function PublicLoading({ text }: { text: string }) {
  return (
    <section className="zqa-card zqa-message" role="status" aria-live="polite">
      <div className="zqa-spinner" aria-hidden />
      <p className="zqa-meta">{text}</p>
    </section>
  );
}

/** The error card of a failed load; a retry button unless the failure is final (404, 410). */
export function PublicLoadFailed({
  error,
  title,
  retryLabel,
  onRetry,
}: {
  error: unknown;
  title: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <section className="zqa-card zqa-message" role="alert">
      <span className="zqa-icon zqa-icon-error" aria-hidden>
        !
      </span>
      <h1>{title}</h1>
      {isFinalLoadError(error) ? null : (
        <button type="button" className="zqa-btn zqa-btn-ghost" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </section>
  );
}
