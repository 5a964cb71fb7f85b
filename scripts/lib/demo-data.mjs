// Demo data for `npm start`: customers, projects, materials, time entries, material usage, expenses,
// an Einsatzplan and quotes for the demo company "Muster Elektro AG" (seeded in auth by
// services/auth/dist/cli/seed-demo.js). Everything goes through the public API behind the gateway,
// exactly as the owner, the office and the two electricians would enter it, so validation, events,
// billing's directory copies and the activity feed all see real traffic. Runs once: when the demo
// company already has customers nothing is touched. Dates are relative to today (company time zone).
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { demoCamt054 } from './demo-camt.mjs';
import { encodePng, PNG_GREYSCALE } from './png.mjs';

const PASSWORD = 'Demo1234!';
const LOGINS = {
  owner: 'demo@zunft.ch',
  office: 'buero@zunft.ch',
  luca: 'luca.meier@zunft.ch',
  sara: 'sara.keller@zunft.ch',
};
/**
 * The QR bill needs (issue 28): a structured address, the SIX example QR-IBAN (payments carry a QR
 * reference, SIX IG QR-bill 2.3) and a VAT number whose check digit is right (UID, mod 11), since a
 * VAT rate above 0 needs one (MWSTG art. 26 para. 2 lit. a). 1. Mahnung costs CHF 20 (OR 106).
 */
const DEMO_COMPANY = {
  profile: { street: 'Hardstrasse', house_number: '201', zip: '8005', city: 'Zürich', country: 'CH' },
  settings: {
    company_iban: 'CH44 3199 9123 0008 8901 2',
    vat_number: 'CHE-116.281.710 MWST',
    reminder_fee_level_2: 20,
  },
};
/** Where the seed writes the bank file of the demo's open invoice (beside the README). */
export const DEMO_CAMT_FILE = path.resolve(import.meta.dirname, '../../docs/demo/demo-camt054.xml');
/**
 * The reminded invoice is dated this many days back (at least 15 days past its payment terms), so
 * billing's daily rule `invoices.mark-overdue` finds it due and marks it overdue.
 */
const OVERDUE_INVOICE_DAYS = 45;
/** Labor lines of the quotes need a price; the seeded company may come without one. */
const DEFAULT_HOURLY_RATE = 95;

// ---------------------------------------------------------------------------------------------
// The data
// ---------------------------------------------------------------------------------------------

// E-mail addresses use the reserved `.example` domain: with SMTP_URL set, the sent quote must not
// reach a real business.
const CUSTOMERS = [
  {
    key: 'huber',
    name: 'Bäckerei Huber AG',
    contactPerson: 'Thomas Huber',
    email: 'info@baeckerei-huber.example',
    phone: '031 311 24 56',
    address: 'Kramgasse 21',
    zip: '3011',
    city: 'Bern',
    notes: 'Laden ab 06:00 offen, Zugang zur Backstube über den Hintereingang (Brunngasshalde).',
  },
  {
    key: 'muri',
    name: 'Gemeinde Muri bei Bern',
    contactPerson: 'Andrea Zbinden, Bauverwaltung',
    email: 'bauverwaltung@muri-be.example',
    phone: '031 950 54 11',
    address: 'Thunstrasse 74',
    zip: '3074',
    city: 'Muri bei Bern',
    notes: 'Rechnungen mit Kostenstelle 2170 (Liegenschaften Schule).',
  },
  {
    key: 'aare',
    name: 'Immobilien Aare GmbH',
    contactPerson: 'Marco Rüegg',
    email: 'verwaltung@immobilien-aare.example',
    phone: '031 352 80 90',
    address: 'Seftigenstrasse 240',
    zip: '3084',
    city: 'Wabern',
  },
  {
    key: 'schneider',
    name: 'Familie Schneider',
    contactPerson: 'Peter Schneider',
    email: 'p.schneider@schneider-guemligen.example',
    phone: '079 412 36 58',
    address: 'Gartenweg 7',
    zip: '3073',
    city: 'Gümligen',
  },
];

// start/end: days from today.
const PROJECTS = [
  {
    key: 'laden',
    customer: 'huber',
    title: 'LED-Umrüstung Verkaufsladen und Backstube',
    description: 'Ersatz der Leuchtstoffröhren durch LED, neue Steckdosen in der Backstube, Verteilung nachrüsten.',
    status: 'in_progress',
    start: -18,
    end: 12,
    budget: 18500,
    team: ['luca', 'sara'],
  },
  {
    key: 'schulhaus',
    customer: 'muri',
    title: 'Schulhaus Moos: Sanierung Hauptverteilung',
    description: 'Neue Hauptverteilung mit FI-Schutz, Ersatz der Unterverteilungen im 1. und 2. OG.',
    status: 'in_progress',
    start: -32,
    end: 45,
    budget: 64000,
    team: ['luca', 'sara'],
  },
  {
    key: 'mfh',
    customer: 'aare',
    title: 'MFH Aarstrasse 12: Elektroinstallation 6 Wohnungen',
    description: 'Neubau, Rohinstallation ab Baumeister-Freigabe, Zählerplätze und Hauptverteilung.',
    status: 'planned',
    start: 35,
    end: 130,
    budget: 142000,
    team: [],
  },
  {
    key: 'wallbox',
    customer: 'schneider',
    title: 'Ladestation E-Auto 11 kW in der Garage',
    description: 'Wallbox montiert, Zuleitung 5×2.5 mm² ab Verteilung, Abnahme durch BKW erfolgt.',
    status: 'completed',
    start: -60,
    end: -54,
    budget: 3800,
    team: [],
  },
];

// [key, name, unit, category, price in CHF, stock, minimum stock]; 't13' is below its minimum so
// the low-stock warning shows.
const MATERIALS = [
  ['tt3x15', 'Installationskabel TT 3×1.5 mm²', 'm', 'Elektromaterial', 1.85, 450, 100],
  ['tt5x25', 'Installationskabel TT 5×2.5 mm²', 'm', 'Elektromaterial', 4.2, 180, 100],
  ['led', 'LED-Einbauspot 7 W, 3000 K, dimmbar', 'Stk', 'Elektromaterial', 38.5, 24, 10],
  ['t13', 'Steckdose T13 3-fach UP, weiss', 'Stk', 'Elektromaterial', 14.9, 6, 15],
  ['lsC16', 'Leitungsschutzschalter C16 1-polig', 'Stk', 'Elektromaterial', 12.4, 40, 20],
  ['fi', 'FI-Schalter 40 A / 30 mA 4-polig', 'Stk', 'Elektromaterial', 89, 8, 4],
  ['dübel', 'Dübel 6 mm mit Schrauben (100 Stk)', 'Pkg', 'Befestigungsmaterial', 9.5, 15, 5],
  ['binder', 'Kabelbinder 200 mm (100 Stk)', 'Pkg', 'Verbrauchsmaterial', 6.8, 30, 10],
];

// The last ten working days, oldest first: [project, from, to, break minutes, what was done].
// The office approves the first five days; the rest waits for approval.
const TIMESHEETS = {
  luca: [
    ['schulhaus', '07:00', '16:30', 60, 'Alte Hauptverteilung ausgeschaltet und demontiert, Provisorium gestellt'],
    ['schulhaus', '07:00', '16:45', 60, 'Neue Hauptverteilung montiert, Einspeisung angeschlossen'],
    ['schulhaus', '07:15', '17:00', 60, 'Abgänge 1. OG umverdrahtet, Beschriftung'],
    ['laden', '07:30', '16:30', 45, 'Leuchtstoffröhren Verkaufsladen demontiert, LED-Spots gesetzt'],
    ['laden', '07:30', '12:00', 0, 'LED-Spots Verkaufsladen angeschlossen und eingestellt'],
    ['schulhaus', '07:00', '16:30', 60, 'Unterverteilung 2. OG ersetzt'],
    ['schulhaus', '07:00', '16:30', 60, 'Messungen und Sicherheitsnachweis 1. OG'],
    ['laden', '07:30', '17:00', 60, 'Backstube: neue Zuleitung Teigmaschine'],
    ['schulhaus', '07:00', '16:00', 45, 'Notbeleuchtung Treppenhaus geprüft, Mängel behoben'],
    ['schulhaus', '07:00', '16:30', 60, 'Abschlussarbeiten Verteilung, Fotodokumentation'],
  ],
  sara: [
    ['schulhaus', '07:00', '16:30', 60, 'Provisorium Schulzimmer, Kabel eingezogen'],
    ['schulhaus', '07:00', '16:30', 60, 'Kabel 5×2.5 mm² zu den Unterverteilungen gezogen'],
    ['laden', '07:30', '16:30', 60, 'Steckdosen Backstube aufgenommen, Leitungsführung geplant'],
    ['laden', '07:30', '16:45', 60, 'Neue Steckdosen T13 Backstube gesetzt'],
    ['schulhaus', '07:00', '16:30', 60, 'Unterverteilung 1. OG angeschlossen'],
    ['schulhaus', '07:00', '16:30', 60, 'Schulzimmer 2. OG: Leitungen ersetzt'],
    ['laden', '07:30', '12:15', 0, 'Verteilung Laden nachgerüstet (LS und FI)'],
    ['schulhaus', '07:00', '16:30', 60, 'Messungen und Sicherheitsnachweis 2. OG'],
    ['laden', '07:30', '16:30', 60, 'Beleuchtung Backstube umgerüstet'],
    ['schulhaus', '07:00', '15:30', 45, 'Aufräumen, Entsorgung Altmaterial'],
  ],
};
/** Last Saturday: a Pikett call-out, so the Saturday surcharge shows. */
const SATURDAY_ENTRY = {
  who: 'luca',
  project: 'laden',
  from: '06:30',
  to: '10:15',
  breakMinutes: 0,
  description: 'Pikett: FI hat in der Backstube ausgelöst, defekte Zuleitung Backofen ersetzt',
};

// [who, project, material, quantity, working day (0 = oldest of the ten), approved by the office]
const USAGES = [
  ['luca', 'schulhaus', 'lsC16', 6, 1, true],
  ['sara', 'schulhaus', 'tt5x25', 35, 1, true],
  ['luca', 'laden', 'led', 8, 3, true],
  ['sara', 'laden', 'tt3x15', 40, 3, true],
  ['luca', 'schulhaus', 'fi', 1, 5, false],
  ['sara', 'laden', 't13', 2, 6, false],
  ['luca', 'laden', 'binder', 1, 7, false],
];

// day: working day as above. The first one comes with a receipt and is approved by the office.
const EXPENSES = [
  {
    who: 'luca',
    project: 'laden',
    category: 'transport',
    description: 'Parkhaus Casino Bern, Anlieferung LED-Spots',
    amount: 14,
    day: 3,
    receipt: 'beleg-parkhaus-casino.png',
    approve: true,
  },
  {
    who: 'sara',
    project: 'schulhaus',
    category: 'meals',
    description: 'Mittagessen Restaurant Sternen Muri (auswärts)',
    amount: 23.5,
    day: 5,
  },
  {
    who: 'luca',
    project: 'schulhaus',
    category: 'materials',
    description: 'Kleinmaterial Baumarkt (Isolierband, Schrumpfschlauch)',
    amount: 37.8,
    day: 8,
  },
];

// Current week: [who, weekday (1 = Monday), project, from, to, note]
const SCHEDULE = [
  ['luca', 1, 'schulhaus', '07:00', '16:30', 'Schlüssel beim Hauswart abholen'],
  ['luca', 2, 'laden', '07:30', '12:00', null],
  ['luca', 2, 'schulhaus', '13:00', '17:00', null],
  ['luca', 3, 'schulhaus', '07:00', '16:30', null],
  ['luca', 4, 'schulhaus', '07:00', '16:30', 'Abnahme mit Bauverwaltung um 14:00'],
  ['luca', 5, 'laden', '07:30', '12:00', 'Laden offen: leise arbeiten'],
  ['sara', 1, 'laden', '07:30', '16:30', null],
  ['sara', 2, 'laden', '07:30', '16:30', null],
  ['sara', 3, 'schulhaus', '07:00', '16:30', null],
  ['sara', 4, 'schulhaus', '07:00', '16:30', null],
  ['sara', 5, 'schulhaus', '07:00', '12:00', null],
];

// Approved absences the office records: [who, type, first day, last day] (days from today).
const ABSENCES = [
  ['luca', 'holiday', 14, 18, 'Skiferien'],
  ['sara', 'training', 7, 7, 'Kurs NIV-Messpraxis'],
];

// Two Rapporte over days of the ten (0 = oldest), signed by the customer, with photos; each becomes
// an invoice. `paid`: the seed imports a bank file that pays it; the other is dated OVERDUE_INVOICE_DAYS
// back, becomes overdue through the daily rule and gets a 1. Mahnung with its fee and a credit note,
// and its payment waits in docs/demo/demo-camt054.xml for the newcomer.
const REPORTS = [
  {
    key: 'schulhaus',
    project: 'schulhaus',
    title: 'Rapport Hauptverteilung Schulhaus Moos',
    days: [0, 1],
    signer: 'Andrea Zbinden',
    signerEmail: 'bauverwaltung@muri-be.example',
    photos: ['verteilung-alt.png', 'verteilung-neu.png'],
    paid: true,
  },
  {
    key: 'laden',
    project: 'laden',
    title: 'Rapport LED-Umrüstung Verkaufsladen',
    days: [2, 4],
    signer: 'Thomas Huber',
    signerEmail: 'info@baeckerei-huber.example',
    photos: ['laden-led.png'],
    paid: false,
    credit: { amount: 50, reason: 'Kulanz: Wartezeit bei der Anlieferung der LED-Spots' },
  },
];

// Material items take name, unit and price from the material, labor and travel the hourly rate.
const QUOTES = [
  {
    customer: 'aare',
    title: 'Elektroinstallation MFH Aarstrasse 12',
    description: 'Elektroinstallation für 6 Wohnungen (3.5 Zimmer) gemäss Plänen vom Architekturbüro.',
    discountPercent: 3,
    send: true,
    notes: 'Preise gültig bei Ausführung ab Baumeister-Freigabe.',
    termsConditions: 'Zahlbar innert 30 Tagen netto. Regiearbeiten nach Aufwand.',
    items: [
      { material: 'tt3x15', quantity: 900 },
      { material: 'tt5x25', quantity: 420 },
      { material: 't13', quantity: 48 },
      { material: 'lsC16', quantity: 36 },
      { material: 'fi', quantity: 6 },
      { type: 'labor', title: 'Rohinstallation Wohnungen', quantity: 180 },
      { type: 'labor', title: 'Hauptverteilung und Zählerplätze', quantity: 24 },
      { type: 'travel', title: 'Anfahrt Werkstatt – Baustelle', quantity: 12 },
    ],
  },
  {
    customer: 'huber',
    title: 'Erweiterung Beleuchtung Backstube',
    description: 'Zusätzliche LED-Spots über den Arbeitsflächen, separat schaltbar.',
    items: [
      { material: 'led', quantity: 12 },
      { material: 'tt3x15', quantity: 80 },
      { material: 'dübel', quantity: 1 },
      { type: 'labor', title: 'Montage und Anschluss', quantity: 14 },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

/**
 * Creates the demo data unless the demo company already has customers.
 * Returns a one-line summary; throws (with the failing request) when the API says no.
 * `options.queue` ({ redisUrl, prefix }: the stack's billing worker, see `maintenanceQueueOf`) is
 * where the daily overdue rule is run; default: the local stack of `npm start`.
 */
export async function seedDemoData(baseUrl, options = {}) {
  const owner = await login(baseUrl, LOGINS.owner);
  const existing = await owner.get('/api/customers');
  if (existing.length)
    return { skipped: true, summary: 'schon vorhanden (die Demo-Firma hat Kunden), nichts geändert' };

  const settings = await owner.get('/api/companies/settings');
  if (!Number(settings.default_hourly_rate))
    Object.assign(settings, await owner.put('/api/companies/settings', { default_hourly_rate: DEFAULT_HOURLY_RATE }));
  const tz = settings.timezone;
  const today = todayIn(tz);
  const workdays = lastWorkingDays(today, 10);

  const userIds = Object.fromEntries(
    (await owner.get('/api/users')).map((u) => [Object.keys(LOGINS).find((k) => LOGINS[k] === u.email), u.id]),
  );
  const [office, luca, sara] = await Promise.all(
    [LOGINS.office, LOGINS.luca, LOGINS.sara].map((e) => login(baseUrl, e)),
  );
  const staff = { luca, sara };
  const count = {};
  const notes = [];
  const tally = (what) => (count[what] = (count[what] ?? 0) + 1);

  // Customers first: they are the "already seeded" marker.
  const customers = {};
  for (const { key, ...body } of CUSTOMERS) {
    customers[key] = await owner.post('/api/customers', body);
    tally('customers');
  }

  const projects = {};
  for (const p of PROJECTS) {
    projects[p.key] = await owner.post('/api/projects', {
      customerId: customers[p.customer].id,
      title: p.title,
      description: p.description,
      startDate: addDays(today, p.start),
      endDate: addDays(today, p.end),
      budget: p.budget,
      status: p.status,
    });
    // Operations learns the employees from auth's events: right after boot they may still be on the way.
    for (const who of p.team)
      await untilKnown(() => owner.post(`/api/projects/${projects[p.key].id}/assign`, { userId: userIds[who] }));
    tally('projects');
  }

  const materials = {};
  for (const [key, name, unit, category, unitPrice, stockQuantity, minStock] of MATERIALS) {
    materials[key] = await owner.post('/api/materials', { name, unit, category, unitPrice, stockQuantity, minStock });
    tally('materials');
  }

  for (const [who, sheet] of Object.entries(TIMESHEETS)) {
    for (const [i, [project, from, to, breakMinutes, description]] of sheet.entries()) {
      const entry = await staff[who].post('/api/time-entries', {
        projectId: projects[project].id,
        startTime: localTime(tz, workdays[i], from),
        endTime: localTime(tz, workdays[i], to),
        breakMinutes,
        description,
      });
      tally('timeEntries');
      if (i < 5) await office.post(`/api/time-entries/${entry.id}/approve`);
    }
  }
  const saturday = lastWeekday(today, 6);
  await staff[SATURDAY_ENTRY.who].post('/api/time-entries', {
    projectId: projects[SATURDAY_ENTRY.project].id,
    startTime: localTime(tz, saturday, SATURDAY_ENTRY.from),
    endTime: localTime(tz, saturday, SATURDAY_ENTRY.to),
    breakMinutes: SATURDAY_ENTRY.breakMinutes,
    description: SATURDAY_ENTRY.description,
  });
  tally('timeEntries');

  for (const [who, project, material, quantity, day, approve] of USAGES) {
    const usage = await staff[who].post('/api/materials/usage', {
      projectId: projects[project].id,
      materialId: materials[material].id,
      quantity,
      usageDate: workdays[day],
    });
    tally('usages');
    if (approve) await office.post(`/api/materials/usage/${usage.id}/approve`);
  }

  for (const e of EXPENSES) {
    const form = new FormData();
    form.append('category', e.category);
    form.append('description', e.description);
    form.append('amount', e.amount.toFixed(2));
    form.append('expenseDate', workdays[e.day]);
    form.append('projectId', projects[e.project].id);
    if (e.receipt) form.append('receipt', new Blob([receiptPng()], { type: 'image/png' }), e.receipt);
    const expense = await staff[e.who].post('/api/expenses', form);
    tally('expenses');
    if (e.approve) await office.post(`/api/expenses/${expense.id}/approve`);
  }

  const monday = addDays(today, -((weekday(today) + 6) % 7));
  for (const [who, day, project, startTime, endTime, note] of SCHEDULE) {
    await office.post('/api/schedule/assignments', {
      userId: userIds[who],
      projectId: projects[project].id,
      workDate: addDays(monday, day - 1),
      startTime,
      endTime,
      note,
    });
    tally('assignments');
  }

  const rate = Number(settings.default_hourly_rate);
  for (const q of QUOTES) {
    const body = {
      customerId: customers[q.customer].id,
      validUntil: addDays(today, 30),
      title: q.title,
      description: q.description,
      discountPercent: q.discountPercent ?? 0,
      notes: q.notes,
      termsConditions: q.termsConditions,
      items: q.items.map((it) => quoteItem(it, materials, rate)),
    };
    // Billing copies customers from operations' events, a moment after they were created.
    const quote = await untilKnown(() => owner.post('/api/quotes', body));
    tally('quotes');
    if (q.send) {
      await owner.post(`/api/quotes/${quote.id}/send`);
      tally('quotesSent');
    }
  }

  // The company data the QR bill needs (the seeded company has a free-text address only).
  const profile = await owner.get('/api/companies/profile');
  await owner.put('/api/companies/profile', {
    name: profile.name,
    email: profile.email ?? 'info@muster-elektro.ch',
    phone: profile.phone,
    website: profile.website,
    address: profile.address,
    ...DEMO_COMPANY.profile,
  });
  await owner.put('/api/companies/settings', DEMO_COMPANY.settings);

  for (const [who, type, from, to, note] of ABSENCES) {
    await untilKnown(() =>
      office.post('/api/absences', {
        userId: userIds[who],
        type,
        startDate: addDays(today, from),
        endDate: addDays(today, to),
        note,
      }),
    );
    tally('absences');
  }

  // Rapporte → signed with photos → invoices; one paid from a bank file, one reminded with a fee.
  const invoices = {};
  for (const r of REPORTS) {
    const report = await untilKnown(() =>
      office.post('/api/reports/generate', {
        projectId: projects[r.project].id,
        title: r.title,
        periodStart: workdays[r.days[0]],
        periodEnd: workdays[r.days[1]],
      }),
    );
    for (const [i, name] of r.photos.entries()) {
      const form = new FormData();
      form.append('image', new Blob([sitePhotoPng(i)], { type: 'image/png' }), name);
      await office.post(`/api/reports/${report.id}/images`, form);
    }
    await office.post(`/api/reports/${report.id}/signature`, {
      signerName: r.signer,
      signerEmail: r.signerEmail,
      signatureData: `data:image/png;base64,${signaturePng().toString('base64')}`,
    });
    tally('reports');
    const invoiceDate = r.paid
      ? null
      : addDays(today, -Math.max(OVERDUE_INVOICE_DAYS, Number(settings.payment_terms) + 15));
    const created = await createReportInvoice(office, report.id, invoiceDate);
    await office.post(`/api/invoices/${created.invoiceId}/send`);
    invoices[r.key] = { ...r, id: created.invoiceId, number: created.invoiceNumber };
    tally('invoices');
  }
  const bankPayment = async (invoice) => {
    const detail = await office.get(`/api/invoices/${invoice.id}`);
    return { reference: detail.qr_reference, amount: Number(detail.open_amount), debtor: invoice.signer, date: today };
  };
  for (const invoice of Object.values(invoices)) {
    if (invoice.paid) {
      const form = new FormData();
      const file = demoCamt054(DEMO_COMPANY.settings.company_iban, [await bankPayment(invoice)]);
      form.append('file', new Blob([file], { type: 'application/xml' }), 'camt054-demo-bezahlt.xml');
      await office.post('/api/invoices/payments/import', form);
      tally('paid');
    } else {
      // Dated back past its due date (a set due date: the customer is in default once it passes,
      // OR 102 para. 2): overdue the way every invoice becomes overdue, by billing's daily rule (the
      // worker's maintenance job, run here for today instead of at 06:00); then the office's 1. Mahnung
      // with its fee through the ledger. The seed writes no status and no amount itself.
      const overdue = await runDailyTask(
        options.queue ?? (await localMaintenanceQueue()),
        'invoices.mark-overdue',
        today,
      );
      // `skipped`: the rule already ran today (a stack up since 06:00) and the invoice becomes overdue
      // with tomorrow's run; a reminder may go out for a sent invoice all the same.
      if ((await office.get(`/api/invoices/${invoice.id}`)).status !== 'overdue')
        notes.push(`${invoice.number} wird mit dem nächsten Tageslauf überfällig (${overdue?.status ?? 'kein Lauf'})`);
      await office.post(`/api/invoices/${invoice.id}/send-reminder`, { reminderType: 'first_reminder' });
      await office.post(`/api/invoices/${invoice.id}/credit-notes`, invoice.credit);
      tally('reminders');
      tally('creditNotes');
      // The newcomer's bank file: the open amount (after the credit note, with the fee) of this invoice.
      await mkdir(path.dirname(DEMO_CAMT_FILE), { recursive: true });
      await writeFile(DEMO_CAMT_FILE, demoCamt054(DEMO_COMPANY.settings.company_iban, [await bankPayment(invoice)]));
    }
  }

  return {
    skipped: false,
    summary:
      `${count.customers} Kunden, ${count.projects} Projekte, ${count.materials} Materialien, ` +
      `${count.timeEntries} Zeiteinträge, ${count.usages} Materialbezüge, ${count.expenses} Spesen, ` +
      `${count.assignments} Einsätze, ${count.quotes} Angebote (${count.quotesSent ?? 0} versendet), ` +
      `${count.absences} Abwesenheiten, ${count.reports} unterschriebene Rapporte, ${count.invoices} Rechnungen ` +
      `(${count.paid} bezahlt, ${count.reminders} gemahnt, ${count.creditNotes} Gutschrift); ` +
      `Bankdatei zum Ausprobieren: ${path.relative(process.cwd(), DEMO_CAMT_FILE)}` +
      (notes.length ? `; ${notes.join('; ')}` : ''),
  };
}

/**
 * The invoice of a signed report, dated `invoiceDate` (null: today). Signing publishes
 * billing.report.signed, whose consumer may already have created the draft dated today: billing then
 * answers 409 (it never re-dates an invoice), and the seed deletes that draft (its number is kept in
 * the deleted-number record) and creates the dated one; the event is handled, nothing comes back.
 */
async function createReportInvoice(office, reportId, invoiceDate) {
  const url = `/api/reports/${reportId}/create-invoice`;
  if (!invoiceDate) return office.post(url);
  try {
    return await office.post(url, { invoiceDate });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const draft = await office.post(url);
    await office.delete(`/api/invoices/${draft.invoiceId}`);
    return office.post(url, { invoiceDate });
  }
}

/** Where a stack's billing worker takes its jobs: its Redis URL and queue prefix (stack definition). */
export function maintenanceQueueOf(definition) {
  const worker = definition.find((p) => p.name === 'billing-worker');
  if (!worker) throw new Error('Der Stack hat keinen billing-worker: die Tagesaufgaben laufen nicht');
  return { redisUrl: worker.env.REDIS_URL, prefix: worker.env.QUEUE_PREFIX };
}

async function localMaintenanceQueue() {
  const { localStack } = await import('./local-stack.mjs');
  return maintenanceQueueOf(localStack().definition);
}

/**
 * Runs one of billing's daily tasks for `today` as the 06:00 run does: a job of the `maintenance`
 * queue (JOB_DAILY_MAINTENANCE with `{ today, tasks }`) handled by the running worker; waits for it.
 * Returns the task's outcome (`skipped` when the task already ran that day).
 */
async function runDailyTask(queue, task, today, timeoutMs = 60_000) {
  const { Queue, QueueEvents } = await import('bullmq');
  const connection = { url: queue.redisUrl, maxRetriesPerRequest: null };
  // QUEUE_MAINTENANCE and JOB_DAILY_MAINTENANCE of libs/contracts/src/documents.ts.
  const maintenance = new Queue('maintenance', { connection, prefix: queue.prefix });
  const events = new QueueEvents('maintenance', { connection, prefix: queue.prefix });
  try {
    await events.waitUntilReady();
    const job = await maintenance.add(
      'daily-maintenance',
      { today, tasks: [task] },
      { attempts: 1, removeOnComplete: { count: 30 }, removeOnFail: { count: 100 } },
    );
    const result = await job.waitUntilFinished(events, timeoutMs);
    return result.tasks.find((t) => t.task === task);
  } finally {
    await events.close();
    await maintenance.close();
  }
}

function quoteItem(item, materials, hourlyRate) {
  if (!item.material)
    return { type: item.type, title: item.title, quantity: item.quantity, unit: 'h', unitPrice: hourlyRate };
  const m = materials[item.material];
  return {
    type: 'material',
    title: m.name,
    quantity: item.quantity,
    unit: m.unit,
    unitPrice: m.unit_price,
    materialId: m.id,
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} → ${status} ${body}`);
    this.status = status;
  }
}

async function call(baseUrl, method, path, token, body) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(new URL(path, baseUrl), { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new ApiError(method, path, res.status, text);
  return text ? JSON.parse(text) : null;
}

/** A client signed in as `email` (POST /api/auth/login → { token, user }). */
async function login(baseUrl, email) {
  const { token } = await call(baseUrl, 'POST', '/api/auth/login', null, { email, password: PASSWORD });
  return {
    get: (path) => call(baseUrl, 'GET', path, token),
    post: (path, body) => call(baseUrl, 'POST', path, token, body),
    put: (path, body) => call(baseUrl, 'PUT', path, token, body),
    delete: (path) => call(baseUrl, 'DELETE', path, token),
  };
}

/** Retries a request that answers 404 for up to 15 s (a directory copy that has not arrived yet). */
async function untilKnown(request, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404 || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Dates (yyyy-MM-dd strings; times are wall-clock times in the company's time zone)
// ---------------------------------------------------------------------------------------------

const todayIn = (tz) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());

function addDays(isoDate, days) {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday */
const weekday = (isoDate) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

/** The `count` Mondays-to-Fridays before today, oldest first. */
function lastWorkingDays(today, count) {
  const days = [];
  for (let d = addDays(today, -1); days.length < count; d = addDays(d, -1)) {
    if (weekday(d) >= 1 && weekday(d) <= 5) days.unshift(d);
  }
  return days;
}

/** The last given weekday before today. */
function lastWeekday(today, day) {
  let d = addDays(today, -1);
  while (weekday(d) !== day) d = addDays(d, -1);
  return d;
}

/** `2026-11-21T06:30:00+01:00` for 06:30 on that day in `tz`. */
function localTime(tz, isoDate, hhmm) {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${isoDate}T${hhmm}:00Z`))
    .find((p) => p.type === 'timeZoneName')
    .value.replace('GMT', '');
  return `${isoDate}T${hhmm}:00${offset || '+00:00'}`;
}

// ---------------------------------------------------------------------------------------------
// Receipt image
// ---------------------------------------------------------------------------------------------

/** A site photo stand-in: a greyscale gradient with a dark «distribution board» block. */
function sitePhotoPng(variant, width = 160, height = 120) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width);
    for (let x = 0; x < width; x++) {
      const board = x > 50 + variant * 10 && x < 110 && y > 20 && y < 100;
      row[1 + x] = board ? 60 + ((x + y) % 12) * 4 : 150 + Math.round((y / height) * 90);
    }
    rows.push(row);
  }
  return encodePng(width, height, PNG_GREYSCALE, Buffer.concat(rows));
}

/** A handwritten-looking signature: a zigzag stroke, dark on white. */
function signaturePng(width = 300, height = 100) {
  const pixels = Buffer.alloc(width * height, 255);
  for (let x = 10; x < 290; x++) {
    const y = Math.round(50 + 25 * Math.sin(x / 9) * Math.cos(x / 41));
    for (let dy = -1; dy <= 1; dy++) pixels[(y + dy) * width + x] = 20;
  }
  const rows = [];
  for (let y = 0; y < height; y++)
    rows.push(Buffer.concat([Buffer.from([0]), pixels.subarray(y * width, (y + 1) * width)]));
  return encodePng(width, height, PNG_GREYSCALE, Buffer.concat(rows));
}

/** A small greyscale PNG that looks like a till receipt: text lines and a bold total. */
function receiptPng(width = 120, height = 190) {
  const lineWidths = [70, 50, 0, 90, 84, 96, 60, 0, 96, 0, 44];
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width, 255); // white pixels after the filter byte
    row[0] = 0; // filter: none
    const line = Math.floor((y - 14) / 14);
    const inLine = y >= 14 && (y - 14) % 14 < (line === lineWidths.length - 1 ? 8 : 5);
    const len = inLine ? (lineWidths[line] ?? 0) : 0;
    row.fill(line === lineWidths.length - 1 ? 40 : 120, 1 + 12, 1 + 12 + len);
    row[1] = row[width] = 200; // the paper's edge
    rows.push(row);
  }
  return encodePng(width, height, PNG_GREYSCALE, Buffer.concat(rows));
}
