import { describe, expect, it } from '@jest/globals';
import type { CustomerDto } from '@zunft/contracts';
import { customerStats, filterCustomers, toCustomerFormValues, toCustomerRequest } from './customerFilter';

function aCustomer(overrides: Partial<CustomerDto>): CustomerDto {
  return {
    id: overrides.id ?? 'c1',
    name: 'Muster AG',
    contact_person: null,
    customer_number: 'K-0001',
    email: null,
    phone: null,
    address: null,
    zip: null,
    city: null,
    po_box: null,
    country: 'CH',
    language: 'de',
    notes: null,
    projects_count: 0,
    active_projects_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const customers = [
  aCustomer({ id: 'a', name: 'Bäckerei Huber', email: 'info@huber.ch', city: 'Bern', phone: '031 123 45 67' }),
  aCustomer({ id: 'b', name: 'Schreinerei Meier', city: 'Zürich', customer_number: 'K-0002' }),
  aCustomer({ id: 'c', name: 'Garage Rossi', email: 'rossi@garage.ch', city: 'Lugano', phone: '+41 91 555 00 11' }),
];
const ids = (list: CustomerDto[]) => list.map((c) => c.id);

describe('customer search (part 1 §2: name, e-mail, phone, city)', () => {
  it('returns everything for an empty or blank search', () => {
    expect(ids(filterCustomers(customers, ''))).toEqual(['a', 'b', 'c']);
    expect(ids(filterCustomers(customers, '   '))).toEqual(['a', 'b', 'c']);
  });

  it('matches name, e-mail and city case-insensitively', () => {
    expect(ids(filterCustomers(customers, 'HUBER'))).toEqual(['a']);
    expect(ids(filterCustomers(customers, 'garage.ch'))).toEqual(['c']);
    expect(ids(filterCustomers(customers, 'zürich'))).toEqual(['b']);
  });

  it('matches phone numbers with or without spaces', () => {
    expect(ids(filterCustomers(customers, '0311234567'))).toEqual(['a']);
    expect(ids(filterCustomers(customers, '555 00'))).toEqual(['c']);
  });

  it('finds nothing for an unknown term', () => {
    expect(filterCustomers(customers, 'Elektro')).toEqual([]);
  });
});

describe('customer stats and payload', () => {
  it('counts total, active projects, e-mail and phone', () => {
    const list = [
      aCustomer({ id: 'a', email: 'a@b.ch', phone: '1', active_projects_count: 2 }),
      aCustomer({ id: 'b', email: ' ', active_projects_count: 1 }),
    ];
    expect(customerStats(list)).toEqual({ total: 2, activeProjects: 3, withEmail: 1, withPhone: 1 });
  });

  it("country: sent upper-cased (the QR bill's debtor country), CH in the form of an old customer", () => {
    expect(toCustomerRequest({ name: 'Müller GmbH', country: ' de ' }).country).toBe('DE');
    expect(toCustomerFormValues(aCustomer({ country: 'IT' })).country).toBe('IT');
    expect(toCustomerFormValues({ ...aCustomer({}), country: undefined as unknown as string }).country).toBe('CH');
  });

  it('sends empty optional values as null and trims the rest', () => {
    expect(toCustomerRequest({ name: '  Muster AG ', email: '', city: ' Bern ', phone: undefined })).toEqual({
      name: 'Muster AG',
      language: 'de',
      contactPerson: null,
      customerNumber: null,
      email: null,
      phone: null,
      address: null,
      zip: null,
      city: 'Bern',
      poBox: null,
      country: null,
      notes: null,
    });
  });

  it('Postfach: its own field, sent trimmed, shown again in the form (issue 23)', () => {
    expect(toCustomerRequest({ name: 'Muster AG', poBox: ' Postfach 123 ' }).poBox).toBe('Postfach 123');
    expect(toCustomerFormValues(aCustomer({ po_box: 'Postfach 123' })).poBox).toBe('Postfach 123');
  });
});
