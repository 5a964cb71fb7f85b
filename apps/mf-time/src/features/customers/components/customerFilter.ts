import type { CustomerDto, CustomerRequest } from '@zunft/contracts';

/** Part 1 §2: the search box filters by name, e-mail, phone and city (case-insensitive, also the customer number). */
export function filterCustomers(customers: readonly CustomerDto[], search: string): CustomerDto[] {
  const needle = search.trim().toLocaleLowerCase('de-CH');
  if (!needle) return [...customers];
  // Phone numbers are typed with and without spaces ("079 123 45 67" vs "0791234567").
  const digits = needle.replace(/[\s/.-]/g, '');
  return customers.filter((c) => {
    const texts = [c.name, c.email, c.city, c.customer_number, c.contact_person];
    if (texts.some((text) => text?.toLocaleLowerCase('de-CH').includes(needle))) return true;
    const phone = c.phone?.replace(/[\s/.-]/g, '') ?? '';
    return digits !== '' && phone.includes(digits);
  });
}

/** The four stat cards: total, sum of active projects, with e-mail, with phone. */
export function customerStats(customers: readonly CustomerDto[]) {
  return {
    total: customers.length,
    activeProjects: customers.reduce((sum, c) => sum + (c.active_projects_count ?? 0), 0),
    withEmail: customers.filter((c) => !!c.email?.trim()).length,
    withPhone: customers.filter((c) => !!c.phone?.trim()).length,
  };
}

export interface CustomerFormValues {
  name?: string;
  contactPerson?: string | null;
  customerNumber?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  zip?: string | null;
  city?: string | null;
  /** «Postfach 123» or «123» (issue 23): the debtor's street field on the QR bill when set. */
  poBox?: string | null;
  /** ISO 3166 alpha-2 (CH, DE, IT …): the debtor's country on the QR bill. */
  country?: string | null;
  notes?: string | null;
}

const OPTIONAL_FIELDS = [
  'contactPerson',
  'customerNumber',
  'email',
  'phone',
  'address',
  'zip',
  'city',
  'poBox',
  'country',
  'notes',
] as const;

/** Form values -> payload: trimmed, every empty optional value sent as null (part 1 §5); language 'de'. */
export function toCustomerRequest(
  values: CustomerFormValues,
  language: CustomerRequest['language'] = 'de',
): CustomerRequest {
  const body: CustomerRequest = { name: (values.name ?? '').trim(), language };
  for (const field of OPTIONAL_FIELDS) {
    const value = values[field];
    const text = typeof value === 'string' ? value.trim() : '';
    body[field] = text === '' ? null : field === 'country' ? text.toUpperCase() : text;
  }
  return body;
}

export function toCustomerFormValues(customer: CustomerDto): CustomerFormValues {
  return {
    name: customer.name,
    contactPerson: customer.contact_person,
    customerNumber: customer.customer_number,
    email: customer.email,
    phone: customer.phone,
    address: customer.address,
    zip: customer.zip,
    city: customer.city,
    poBox: customer.po_box ?? null,
    country: customer.country ?? 'CH',
    notes: customer.notes,
  };
}
